"""Every relative link of the README and of docs/ (a Markdown link or image, an HTML src or
href) leads to a file or folder of the repository: moving a text or a picture breaks no link."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)|(?:src|href)=\"([^\"]+)\"")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def relative_links(md: pathlib.Path) -> list[str]:
    text = FENCE.sub("", md.read_text("utf-8"))      # code blocks hold commands, not links
    links = [a or b for a, b in LINK.findall(text)]
    return [link for link in links if not re.match(r"[a-z]+:|#", link)]


def test_every_relative_link_of_the_readme_and_docs_resolves() -> None:
    texts = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    broken, seen = [], 0
    for md in texts:
        for link in relative_links(md):
            seen += 1
            if not (md.parent / link.split("#")[0]).exists():
                broken.append(f"{md.relative_to(ROOT)}: {link}")
    assert seen > 20            # the README alone links the rules, the pictures and the measurements
    assert broken == []


def test_the_readme_shows_the_pictures_and_links_the_measurements() -> None:
    links = relative_links(ROOT / "README.md")
    assert "docs/BENCHMARKS.md" in links
    pictures = [link for link in links if link.startswith("docs/img/")]
    assert len(pictures) >= 4
    for link in pictures:
        assert (ROOT / link).stat().st_size < 150_000, link     # kept small in the repository
