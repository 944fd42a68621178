"""Widget boards drawn from the state a notebook saved, as static HTML: the website shows each board as it stood
when the chapter was executed, with no kernel and no widget script.
"""

from __future__ import annotations

import html

__all__ = []

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

_BOXES = {"VBoxModel": "column", "HBoxModel": "row", "BoxModel": "row", "GridBoxModel": None}
_STYLE_CSS = {"button_color": "background-color", "text_color": "color", "font_size": "font-size",
              "font_weight": "font-weight", "font_style": "font-style", "font_family": "font-family",
              "background": "background", "text_decoration": "text-decoration"}


def _css(layout: dict, style: dict | None = None) -> str:
    rules = [f"{key.replace('_', '-')}: {value}" for key, value in layout.items()
             if not key.startswith("_") and value not in (None, "") and isinstance(value, str)]
    rules += [f"{_STYLE_CSS[key]}: {value}" for key, value in (style or {}).items()
              if key in _STYLE_CSS and value not in (None, "")]
    return "; ".join(rules)


def widget_html(state: dict, model_id: str) -> str:
    """Static HTML for the widget `model_id` as `state` (a notebook's saved widget state) holds it: boxes and grids
    laid out as ipywidgets lays them out, buttons, labels, menus and sliders drawn as they stood, nothing clickable.

    Raises ValueError for a widget model it does not know how to draw, so that a new kind of widget is noticed
    when the site is built instead of showing as an empty box.

    Examples
    --------
    >>> state = {"a": {"model_name": "HBoxModel", "state": {"children": ["IPY_MODEL_b"], "layout": "IPY_MODEL_l"}},
    ...          "b": {"model_name": "ButtonModel", "state": {"description": "Shuffle", "layout": "IPY_MODEL_l"}},
    ...          "l": {"model_name": "LayoutModel", "state": {"width": "104px"}}}
    >>> widget_html(state, "a")
    '<div class="pk-w pk-box" style="display: flex; flex-direction: row; width: 104px"><span class="pk-w pk-button" \
style="width: 104px">Shuffle</span></div>'
    """
    model = state.get(model_id)
    if model is None:
        raise ValueError(f"the saved widget state has no model {model_id!r}")
    kind, values = model["model_name"], model["state"]

    def linked(key) -> dict:
        reference = values.get(key)
        if isinstance(reference, str) and reference.startswith("IPY_MODEL_"):
            return state.get(reference[len("IPY_MODEL_"):], {}).get("state", {})
        return {}

    layout, style = linked("layout"), linked("style")
    classes = " ".join(["pk-w"] + [html.escape(name) for name in values.get("_dom_classes", [])])
    description = values.get("description") or ""
    label = f'<span class="pk-description">{html.escape(description)}</span>' if description else ""
    if kind in _BOXES:
        children = "".join(widget_html(state, child[len("IPY_MODEL_"):]) for child in values.get("children", []))
        direction = _BOXES[kind]
        shape = "display: grid" if direction is None else f"display: flex; flex-direction: {direction}"
        css = "; ".join(part for part in (shape, _css(layout)) if part)
        return f'<div class="{classes} pk-box" style="{css}">{children}</div>'
    css = _css(layout, style)
    attributes = f' style="{html.escape(css)}"' if css else ""
    if kind == "ButtonModel":
        tooltip = values.get("tooltip") or ""
        title = f' title="{html.escape(tooltip)}"' if tooltip else ""
        return f'<span class="{classes} pk-button"{attributes}{title}>{html.escape(description) or "&nbsp;"}</span>'
    if kind in ("HTMLModel", "HTMLMathModel"):
        return f'<div class="{classes} pk-html"{attributes}>{label}{values.get("value", "")}</div>'
    if kind == "LabelModel":
        return f'<span class="{classes} pk-label"{attributes}>{html.escape(str(values.get("value", "")))}</span>'
    if kind in ("DropdownModel", "SelectModel", "ToggleButtonsModel", "RadioButtonsModel"):
        labels, index = values.get("_options_labels", []), values.get("index")
        shown = labels[index] if isinstance(index, int) and 0 <= index < len(labels) else ""
        return (f'<span class="{classes} pk-control"{attributes}>{label}'
                f'<span class="pk-select">{html.escape(shown)} ▾</span></span>')
    if kind in ("IntSliderModel", "FloatSliderModel"):
        low, high, value = (values.get(key, 0) for key in ("min", "max", "value"))
        share = 0 if high == low else 100 * (value - low) / (high - low)
        readout = f'<span class="pk-readout">{value}</span>' if values.get("readout", True) else ""
        return (f'<span class="{classes} pk-control"{attributes}>{label}<span class="pk-slider">'
                f'<span class="pk-slider-fill" style="width: {share:.0f}%"></span></span>{readout}</span>')
    if kind == "PlayModel":
        return f'<span class="{classes} pk-button pk-play"{attributes} title="play">▶</span>'
    if kind in ("CheckboxModel", "ToggleButtonModel"):
        mark = "☑" if values.get("value") else "☐"
        return f'<span class="{classes} pk-control"{attributes}>{mark} {html.escape(description)}</span>'
    if kind in ("IntTextModel", "FloatTextModel", "TextModel", "BoundedIntTextModel", "BoundedFloatTextModel"):
        shown = values.get("value", "")
        return (f'<span class="{classes} pk-control"{attributes}>{label}'
                f'<span class="pk-text">{html.escape(str(shown)) or "&nbsp;"}</span></span>')
    raise ValueError(f"cannot draw a {kind} widget from its saved state (model {model_id})")


# Said in view above every drawn widget (a tooltip is found by nobody on a phone): what it is, and how to use it.
NOTE = ('<p class="puzzlekit-widget-note">A picture of this widget as the notebook left it: its buttons do nothing on '
        "this page. To use it, run the chapter: open it in Binder or Colab (links under the title), or download it "
        "and open it in JupyterLab.</p>")


def static_widgets(notebook) -> int:
    """Replace each widget output of `notebook` (an nbformat node, changed in place) by a drawing of its saved
    state, and drop the saved state: no widget script, no "Loading widget"; return how many were drawn.

    A widget output whose state was not saved raises ValueError: the page would show an empty box.
    """
    saved = notebook.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    drawn = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is None:
                continue
            if view["model_id"] not in saved:
                raise ValueError(f"cell {cell.get('id')}: a widget output whose state the notebook did not save "
                                 "(in JupyterLab: Settings > Save Widget State Automatically, then run and save)")
            picture = widget_html(saved, view["model_id"])
            output["data"] = {"text/html": f'<div class="puzzlekit-static-widget">{NOTE}{picture}</div>',
                              "text/plain": output["data"].get("text/plain", "")}
            drawn += 1
    notebook.get("metadata", {}).pop("widgets", None)
    return drawn
