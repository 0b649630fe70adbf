"""`ludotheque serve` whose computer players never finish thinking: the process holding a
computer turn's lease stays in the middle of it until the test kills it (tests/web/_multi.py).

    python tests/web/_stalled_serve.py serve --port P --db URL
"""
import sys
import threading

from ludotheque.cli.main import main
from ludotheque.web.sessions import Session


def think_forever(self, state):
    threading.Event().wait()


Session.ai_choose = think_forever

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
