"""The rules texts in docs/rules carry an anchor for every clause id a rules test is named after,
so that a failing test's name leads to its clause (docs/rules/oware.md#OW-C1)."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
TESTS = ROOT / "tests" / "rules"
# as /work/shared/tools/clause_coverage.py reads them: OW-C1, test_ow_c1_sowing, OW_C1
NAMED = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{2})[-_]((?:[A-Za-z]{1,2})?\d+[a-z]?)(?![A-Za-z0-9])")
ANCHOR = re.compile(r'<a id="([A-Z]{2}-[A-Z0-9]+[a-z]?)"></a>')


def anchors() -> set[str]:
    return {m.group(1).upper() for md in RULES.glob("*.md") for m in ANCHOR.finditer(md.read_text("utf-8"))}


def named_by_tests(prefixes: set[str]) -> set[str]:
    out = set()
    for f in TESTS.rglob("*.py"):
        for m in NAMED.finditer(f.read_text("utf-8")):
            if m.group(1).upper() in prefixes:
                out.add(f"{m.group(1)}-{m.group(2)}".upper())
    return out


def test_every_clause_named_by_a_rules_test_has_an_anchor_in_docs_rules() -> None:
    have = anchors()
    prefixes = {a.split("-")[0] for a in have}
    named = named_by_tests(prefixes)
    assert len(named) > 500          # the tests name hundreds of clauses: the scan found them
    assert sorted(named - have) == []


def test_each_anchor_is_defined_once_per_file() -> None:
    for md in RULES.glob("*.md"):
        ids = ANCHOR.findall(md.read_text("utf-8"))
        assert len(ids) == len(set(ids)), md.name


def test_readme_links_the_rules_in_the_repository() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    assert "shared/rules" not in readme
    for link in re.findall(r"\]\((docs/rules/[^)#]+)", readme):
        assert (ROOT / link).is_file(), link
    assert "docs/rules/" in readme
