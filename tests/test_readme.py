"""README.md and docs/*.md: their Python examples run, their links resolve, and
docs/rules.md's table of finding codes agrees with the package and the spec."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from corpus import SPEC

from narde_notation.model.findings import CODES

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SPEC_RULES = SPEC / "rules.md"

# [text](target) and [text]: target, not inside `code`
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|^\[[^\]]+\]:\s*(\S+)", re.M)


def _ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(ROOT)) for p in paths]


@pytest.mark.parametrize("page", PAGES, ids=_ids(PAGES))
def test_python_examples_run(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.chdir(ROOT)  # the examples name files relative to the project folder
    result = doctest.testfile(
        str(page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed"


@pytest.mark.parametrize(
    ("name", "least"), [("README.md", 5), ("docs/rules.md", 4), ("docs/record-format.md", 3)]
)
def test_pages_have_python_examples(name: str, least: int) -> None:
    examples = doctest.DocTestParser().get_examples((ROOT / name).read_text("utf-8"))
    assert len(examples) >= least


def relative_links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", page.read_text("utf-8"), flags=re.S)  # no code blocks
    text = re.sub(r"`[^`\n]*`", "", text)  # nor inline code
    targets = [a or b for a, b in LINK.findall(text)]
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


def anchors(page: Path) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"```.*?```", "", page.read_text("utf-8"), flags=re.S)
    headings = re.findall(r"^#{1,6} (.+?)\s*$", text, re.M)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("page", PAGES, ids=_ids(PAGES))
def test_relative_links_resolve(page: Path) -> None:
    for target in relative_links(page):
        file, _, anchor = target.partition("#")
        path = (page.parent / file).resolve() if file else page
        assert path.exists(), f"{page.name} links {target!r}, which is missing"
        if anchor and path.suffix == ".md":
            assert anchor in anchors(path), f"{page.name} links {target!r}: no such heading"


def test_anchors_follow_githubs_rule() -> None:
    found = anchors(ROOT / "docs" / "rules.md")
    assert {"the-rules-r1r12", "r5-head-rule", "finding-codes"} <= found
    assert "match-files-mat" in anchors(ROOT / "docs" / "record-format.md")


def test_link_finder_sees_the_readme_links() -> None:
    assert {"docs/rules.md", "docs/decisions.md"} <= set(relative_links(ROOT / "README.md"))


def test_docs_link_each_other() -> None:
    assert "record-format.md#tags" in relative_links(ROOT / "docs" / "rules.md")
    targets = relative_links(ROOT / "docs" / "record-format.md")
    assert "rules.md" in {t.split("#")[0] for t in targets}


def code_table(text: str) -> dict[str, tuple[str, str | None]]:
    """``code -> (severity, rule)`` from a Markdown table whose rows start with a code."""
    rows = re.findall(r"^\| `([a-z-]+)` \| (error|warning) \| ([^|]+) \|", text, re.M)
    return {code: (sev, None if rule.strip() == "—" else rule.strip()) for code, sev, rule in rows}


def test_rules_page_lists_every_code_of_the_package() -> None:
    documented = code_table((ROOT / "docs" / "rules.md").read_text("utf-8"))
    for code, (severity, rule) in CODES.items():
        assert documented.get(code) == (severity.value, rule), code


def test_rules_page_lists_the_codes_of_the_spec() -> None:
    if not SPEC_RULES.is_file():
        pytest.skip(f"spec not found at {SPEC_RULES}")
    spec = code_table(SPEC_RULES.read_text("utf-8"))
    assert "encoding" in spec and spec["encoding"] == ("warning", None)
    assert code_table((ROOT / "docs" / "rules.md").read_text("utf-8")) == spec


def test_rules_page_has_every_rule_id_and_variant() -> None:
    text = (ROOT / "docs" / "rules.md").read_text("utf-8")
    headings = re.findall(r"^### (R\d+) ", text, re.M)
    assert headings == [f"R{i}" for i in range(1, 13)]
    for variant in ("reroll", "head-doubles-64", "head-exception-strict",
                    "end-of-turn-block", "koks", "last-roll-draw"):
        assert f"| `{variant}` |" in text, variant
