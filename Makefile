# boardkit: set-up, tests and reports. `make report` and `make test` set up .venv on first use.
PYTHON    ?= python3
VENV      := .venv
PY        := $(VENV)/bin/python
NOTEBOOKS ?= notebooks
REPORTS   ?= reports
NB        ?=
PARAMS    ?=
PYTEST_ARGS ?=
# Test processes (pytest-xdist): auto = one per core; TEST_WORKERS=0 runs in this process.
TEST_WORKERS ?= auto

.PHONY: venv assets test report docs lab clean distclean

venv: $(VENV)/.installed

# Re-installs when pyproject.toml changes; `pip install -e` keeps the source editable.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --disable-pip-version-check -e '.[notebook,dev]'
	touch $@

# Offline JS for the HTML reports (widget manager, require.js, MathJax), fetched once with
# npm into .cache/npm/ (package list: NPM_PACKAGES in boardkit/tools/report/assets.py).
assets: venv
	$(PY) -m boardkit.tools.report --assets-only

# Whole suite, notebooks included, spread over TEST_WORKERS processes. tests/test_report.py
# fetches the assets itself if npm is there, and skips if it is not.
test: venv
	$(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

# Every notebooks/*.ipynb -> reports/<name>.html + reports/index.html.
# One notebook: make report NB=leaders_tour; another folder: make report NOTEBOOKS=/tmp/nb
# Parameters (the notebook's `parameters` cell): make report NB=leaders_tour PARAMS='N_GAMES=50 SEED=3'
#   -> reports/leaders_tour-N_GAMES=50-SEED=3.html (PARAMS without NB is refused: they belong to one notebook)
# NB and PARAMS reach the command through the environment, so quotes inside PARAMS
# (PARAMS="WORD='a b'") arrive as written.
report: export NB := $(NB)
report: export PARAMS := $(PARAMS)
report: venv assets
	$(PY) -m boardkit.tools.report --notebooks '$(NOTEBOOKS)' --out '$(REPORTS)'

# docs/games/<game>.md, generated from the code and data.
docs: venv
	$(PY) -m boardkit.tools.docs

# JupyterLab refuses to run as root unless told; containers often run as root.
LAB_ARGS ?= $(if $(filter 0,$(shell id -u)),--allow-root,)
lab: venv
	$(VENV)/bin/jupyter lab $(LAB_ARGS) $(NOTEBOOKS)/

clean:
	rm -rf $(REPORTS) .pytest_cache .hypothesis
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
		-type d -print | xargs rm -rf

# Also removes the virtualenv and the npm cache.
distclean: clean
	rm -rf $(VENV) .cache *.egg-info
