"""Offline JavaScript for the HTML reports: require.js, the Jupyter widget manager and
MathJax 2, installed once with npm into a cache folder and copied next to the reports."""

from __future__ import annotations

import os
import fcntl
import shutil
import subprocess
from pathlib import Path

from boardkit.tools.report.errors import ReportError

#: npm packages fetched for offline reports (installed into the npm cache folder).
NPM_PACKAGES: tuple[str, ...] = (
    "@jupyter-widgets/html-manager@^1.0.0",
    "requirejs@^2.3.6",
    "mathjax@2.7.7",
)

#: Folder name, inside the reports folder, that holds the copied JS assets.
STATIC_DIRNAME = "_static"

#: Relative URLs (from a report in the reports folder) of the local assets.
REQUIRE_JS_URL = f"{STATIC_DIRNAME}/requirejs/require.js"
WIDGET_RENDERER_URL = f"{STATIC_DIRNAME}/html-manager/embed-amd.js"
MATHJAX_URL = f"{STATIC_DIRNAME}/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"

#: Files that must exist in the npm cache (relative to its node_modules) for the assets.
_REQUIRED_NPM_FILES: tuple[str, ...] = (
    "@jupyter-widgets/html-manager/dist/embed-amd.js",
    "requirejs/require.js",
    "mathjax/MathJax.js",
    "mathjax/config/TeX-AMS_CHTML-full.js",
)

#: Parts of the MathJax 2 package needed for the TeX-AMS_CHTML-full configuration.
_MATHJAX_PARTS: tuple[str, ...] = (
    "MathJax.js",
    "LICENSE",
    "config/TeX-AMS_CHTML-full.js",
    "extensions",
    "jax/element",
    "jax/input/TeX",
    "jax/output/CommonHTML",
    "jax/output/PreviewHTML",
    "fonts/HTML-CSS/TeX/woff",
)


def default_npm_cache() -> Path:
    """Return the npm cache folder for report assets.

    Returns:
        ``$BOARDKIT_NPM_CACHE`` if set, else ``.cache/npm`` in the repository that holds this
        package (editable install), else ``.cache/npm`` in the current directory.
    """
    env = os.environ.get("BOARDKIT_NPM_CACHE")
    if env:
        return Path(env).resolve()
    repo = Path(__file__).resolve().parents[3]
    if (repo / "pyproject.toml").is_file():
        return repo / ".cache" / "npm"
    return Path.cwd() / ".cache" / "npm"


def assets_installed(cache_dir: Path) -> bool:
    """Tell whether the npm cache folder holds every file the reports need.

    Args:
        cache_dir: Folder given to ``npm install --prefix``.

    Returns:
        True if all required files exist under ``cache_dir/node_modules``.
    """
    modules = Path(cache_dir) / "node_modules"
    return all((modules / rel).is_file() for rel in _REQUIRED_NPM_FILES)


def install_assets(cache_dir: Path | None = None, *, npm: str | None = None) -> Path:
    """Install the offline JS assets with npm, unless already there.

    Args:
        cache_dir: Folder for ``npm install --prefix`` (default: :func:`default_npm_cache`).
        npm: npm executable (default: ``npm`` found on PATH).

    Returns:
        The cache folder.

    Raises:
        ReportError: If npm is not found or ``npm install`` fails.
    """
    cache_dir = Path(cache_dir) if cache_dir is not None else default_npm_cache()
    if assets_installed(cache_dir):
        return cache_dir
    npm = npm or shutil.which("npm")
    if not npm:
        raise ReportError(
            "npm not found: it is needed once to fetch the offline report assets "
            f"({', '.join(NPM_PACKAGES)}) into {cache_dir}. Install Node.js/npm "
            "(e.g. `apt-get install -y npm`) and run `make assets`."
        )
    cache_dir.mkdir(parents=True, exist_ok=True)
    cmd = [npm, "install", "--prefix", str(cache_dir), "--no-audit", "--no-fund",
           "--loglevel=error", *NPM_PACKAGES]
    # One install at a time per folder (two reports, or two test workers, starting at once):
    # the second waits for the first and then finds the assets there.
    with open(cache_dir / ".install.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if assets_installed(cache_dir):
                return cache_dir
            proc = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    if proc.returncode != 0 or not assets_installed(cache_dir):
        raise ReportError(
            f"`{' '.join(cmd)}` failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}"
        )
    return cache_dir


def copy_assets(cache_dir: Path, static_dir: Path) -> Path:
    """Copy require.js, the widget manager and MathJax from the npm cache to ``static_dir``.

    Args:
        cache_dir: npm cache folder holding ``node_modules`` (see :func:`install_assets`).
        static_dir: Destination, normally ``reports/_static``.

    Returns:
        ``static_dir``.

    Raises:
        ReportError: If the npm cache lacks a required file.
    """
    modules = Path(cache_dir) / "node_modules"
    if not assets_installed(cache_dir):
        raise ReportError(f"offline assets missing in {cache_dir}: run `make assets`")
    static_dir = Path(static_dir)
    static_dir.mkdir(parents=True, exist_ok=True)

    req = static_dir / "requirejs"
    req.mkdir(exist_ok=True)
    shutil.copy2(modules / "requirejs" / "require.js", req / "require.js")

    hm_src = modules / "@jupyter-widgets" / "html-manager" / "dist"
    hm = static_dir / "html-manager"
    hm.mkdir(exist_ok=True)
    for f in hm_src.iterdir():
        # embed-amd.js is self-contained; the fonts are loaded relative to it.
        if f.is_file() and (f.name == "embed-amd.js" or f.suffix in
                            {".woff", ".woff2", ".ttf", ".eot", ".svg"}):
            shutil.copy2(f, hm / f.name)

    mj_src = modules / "mathjax"
    mj = static_dir / "mathjax"
    for part in _MATHJAX_PARTS:
        src, dst = mj_src / part, mj / part
        if src.is_dir():
            shutil.copytree(src, dst, dirs_exist_ok=True)
        elif src.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
    return static_dir
