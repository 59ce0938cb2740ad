"""The header of the table column a number sits in: the word that names it, far away.

People paste HR and payroll tables (Markdown, CSV, TSV, semicolon exports) whose header
row names each column once ("| Name | Dept | Social Security Number |") while the
numbers sit rows below, well outside the few words the identifier checks read around a
match. `column_header` finds the number's line, the separator the line is split by, the
first line of that table block, and returns that line's cell in the same column, which
the checks read beside their window. It runs only for a number whose check digits
already hold, so it costs nothing on ordinary text.
"""

from __future__ import annotations

_SEPARATORS = ("|", "\t", ";", ",")
_MAX_ROWS = 50  # a header further up than this is not looked for


def column_header(text: str, start: int) -> str:
    """The header cell of the column holding `text[start]`, or "" when it is in no table."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    for sep in _SEPARATORS:
        cells = line.count(sep)
        if cells < (2 if sep == "|" else 1):
            continue
        column = text.count(sep, line_start, start)
        header = line
        top = line_start
        for _ in range(_MAX_ROWS):
            if top == 0:
                break
            above_start = text.rfind("\n", 0, top - 1) + 1
            above = text[above_start : top - 1]
            if above.count(sep) < (2 if sep == "|" else 1):
                break
            header, top = above, above_start
        if header is line:
            return ""
        parts = header.split(sep)
        return parts[column] if column < len(parts) else ""
    return ""
