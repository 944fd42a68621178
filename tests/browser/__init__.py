"""Tests in a real browser: JupyterLab in headless Chromium, driven by Playwright (see conftest.py)."""
