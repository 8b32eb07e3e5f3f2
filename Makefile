# Everything a newcomer needs: `make play` and `make test` set themselves up on first use.
VENV := .venv
ifeq ($(OS),Windows_NT)
# Windows (GNU make under Git Bash): the interpreter is `python`, and a venv keeps it in Scripts/.
PYTHON ?= python
PY := $(VENV)/Scripts/python.exe
else
PYTHON ?= python3
PY := $(VENV)/bin/python
endif
STAMP := $(VENV)/.installed

.PHONY: play test soak bench build build-test lint clean assets messages screenshots

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

# The X11 tools serve the one Xvfb test; without them it skips, saying why, and the rest still runs.
test: $(STAMP)
	@sh tools/install_x11_tools.sh || echo "make test: the X11 tools are missing; the Xvfb test will skip"
	$(PY) -m pytest

soak: $(STAMP)
	$(PY) bench/soak.py --hands 100000

bench: $(STAMP)
	$(PY) bench/rules_speed.py

build: $(STAMP)
	$(PY) -m PyInstaller --noconfirm --clean --workpath .pyi-work --distpath dist build/crazy-eights.spec

# Runs every build test, the `build`-marked ones included (the default addopts skip them).
build-test: build
	$(PY) -m pytest tests/build -o addopts='-q'

assets: $(STAMP)
	$(PY) tools/make_cards.py
	$(PY) tools/make_sounds.py
	$(PY) tools/make_icon.py

clean:
	rm -rf .pyi-work dist .pytest_cache

messages: $(STAMP)
	$(PY) tools/extract_messages.py

screenshots: $(STAMP)
	$(PY) tools/screenshots.py screenshots/
