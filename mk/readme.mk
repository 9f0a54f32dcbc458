# The README's picture, docs/front.svg: the demo scenes drawn by `veil render` at chosen moments
# (tools/readme/picture.py). `make readme-picture` regenerates it after a change to the renderer or
# to those scenes; Tests/cli/test_readme_picture.py (make test-cli) fails while it is stale.
.PHONY: readme-picture

readme-picture: build
	$(PYTHON) tools/readme/picture.py $(VEIL) docs/front.svg
