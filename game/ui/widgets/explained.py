"""A button that keeps explaining itself while it cannot be used."""
from __future__ import annotations

import pygame_gui


class ExplainedButton(pygame_gui.elements.UIButton):
    """A UIButton whose tooltip still shows while it is disabled, so it can say why (pygame_gui
    gives a disabled button no hover, hence no tooltip). It still looks disabled and ignores clicks."""

    def can_hover(self) -> bool:
        return not self.is_selected and not self.held

    def on_hovered(self):
        super().on_hovered()
        if not self.is_enabled and self.drawable_shape is not None:
            self.drawable_shape.set_active_state("disabled")

    def enable(self):
        super().enable()
        if self.hovered and self.drawable_shape is not None:
            self.drawable_shape.set_active_state("hovered")

    def explain(self, reason: str | None, usable_tip: str) -> None:
        """Enabled with ``usable_tip`` when ``reason`` is None, else disabled with ``reason`` as the tooltip."""
        if reason is None:
            self.enable()
        else:
            self.disable()
        tip = usable_tip if reason is None else reason
        if tip != self.tool_tip_text:
            self.set_tooltip(tip)
            if self.tool_tip is not None:  # the one showing is out of date
                self.tool_tip.kill()
                self.tool_tip = None
