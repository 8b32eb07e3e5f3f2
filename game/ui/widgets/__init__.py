"""Scenes built of pygame_gui widgets: the widget scene, its keyboard focus ring, and what we draw over widgets."""
from .scene import FormLayout, FormRows, WidgetScene

__all__ = ["FormLayout", "FormRows", "WidgetScene"]
