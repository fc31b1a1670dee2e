"""HTML export of an executed notebook that loads its scripts from local files, and a check
for pages that would still load from the network."""

from __future__ import annotations

import re

from boardkit.tools.report.assets import STATIC_DIRNAME


def export_html(nb, *, static_url: str = STATIC_DIRNAME) -> str:  # type: ignore[no-untyped-def]
    """Export an executed notebook to HTML that loads its JS from local files.

    Args:
        nb: Executed notebook (``nbformat.NotebookNode``).
        static_url: URL of the assets folder relative to the HTML file.

    Returns:
        The HTML text.
    """
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(
        template_name="lab",
        require_js_url=f"{static_url}/requirejs/require.js",
        widget_renderer_url=f"{static_url}/html-manager/embed-amd.js",
        mathjax_url=f"{static_url}/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe",
    )
    body, _ = exporter.from_notebook_node(nb)
    # plotly's "notebook" renderer always adds a MathJax 3 <script> from a CDN to each figure;
    # the page already loads MathJax 2 locally, which plotly.js uses for LaTeX labels.
    return _PLOTLY_MATHJAX_RE.sub("<!-- remote MathJax removed: loaded locally -->", body)


_PLOTLY_MATHJAX_RE = re.compile(
    r"""<script\s+src=["']https://cdnjs\.cloudflare\.com/ajax/libs/mathjax/[^"']*["']\s*>\s*</script>"""
)


_TAG_RE = re.compile(r"<(script|link)\b[^>]*>", re.IGNORECASE)
_ATTR_RE = re.compile(r"""\b(src|href)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.IGNORECASE)
_WIDGET_SRC_RE = re.compile(r"""widgetRendererSrc\s*=\s*['"]([^'"]*)['"]""")


def external_urls(html_text: str) -> list[str]:
    """List the remote URLs a page would load scripts or stylesheets from.

    Looks at ``src`` of ``<script>`` tags, ``href`` of ``<link>`` tags, and the widget manager
    URL that nbconvert's template injects from JavaScript (``widgetRendererSrc``). Links in
    ``<a>`` tags and URLs inside inline scripts (e.g. license comments) are not loads and are
    ignored.

    Args:
        html_text: The HTML page.

    Returns:
        The ``http://``, ``https://`` or protocol-relative (``//host``) URLs found, in order.
    """
    found: list[str] = []

    def remote(url: str) -> bool:
        u = url.strip().lower()
        return u.startswith(("http://", "https://", "//"))

    for tag in _TAG_RE.finditer(html_text):
        name = tag.group(1).lower()
        for attr in _ATTR_RE.finditer(tag.group(0)):
            key = attr.group(1).lower()
            if (name, key) not in {("script", "src"), ("link", "href")}:
                continue
            url = next(g for g in attr.groups()[1:] if g is not None)
            if remote(url):
                found.append(url.strip())
    for m in _WIDGET_SRC_RE.finditer(html_text):
        if remote(m.group(1)):
            found.append(m.group(1))
    return found
