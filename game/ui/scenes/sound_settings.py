"""Sound and speech settings: master and effects volume, mute (M), and speech (off, with a screen reader,
always; brief or full). Every change is saved at once."""
from __future__ import annotations

import dataclasses

import pygame
import pygame_gui

from ..i18n import N_, _
from ..look.paint import draw_heading
from ..widgets import FormRows, WidgetScene

SPEECH_MODES = (("off", N_("Off")), ("screen_reader", N_("With a screen reader")), ("always", N_("Always")))
SPEECH_DETAILS = (("brief", N_("Brief")), ("full", N_("Full")))
#: Each slider's setting and its label.
VOLUMES = (("sound_volume", N_("Master volume")), ("effects_volume", N_("Effects volume")))


def speech_mode_name(mode: str) -> str:
    """``"screen_reader"`` -> "With a screen reader" (in the player's language)."""
    return _(dict(SPEECH_MODES).get(mode, mode))


class SoundSettingsScene(WidgetScene):
    """Volumes, mute and speech; Escape or Back returns to the settings."""

    def spoken_title(self) -> str:
        return _("Sound and speech")

    def change(self, **changes) -> None:
        settings = dataclasses.replace(self.app.settings, **changes)
        if settings != self.app.settings:
            self.app.save_settings(settings)

    def build(self) -> None:
        width, height = self.app.size
        settings = self.app.settings
        pad = self.px(28)
        row_h = max(self.text_h(16) + 10, self.px(44))
        row_gap = self.px(14)
        labels = [_(text) for _key, text in VOLUMES] + [_("Speech"), _("Speech detail")]
        label_w = max(self.text_w(text) for text in labels) + self.px(24)
        panel_w = min(width - self.px(60), max(self.px(640), label_w + self.px(420) + 2 * pad))
        rows = 5
        panel_h = 2 * pad + rows * row_h + (rows - 1) * row_gap
        left = (width - panel_w) // 2
        top = max(self.px(96), (height - panel_h) // 2 - self.px(20))
        panel = self.frame((left, top, panel_w, panel_h), name="sound_panel")
        inner_w = panel.get_container().get_rect().width
        ctrl_x, value_w = pad + label_w, self.text_w("100%") + self.px(6)
        ctrl_w = inner_w - ctrl_x - pad
        slider_h = max(20, self.px(26))
        box = max(20, self.px(26))
        y = pad
        self.sliders, self.value_labels = {}, {}
        for field, text in VOLUMES:
            value = round(getattr(settings, field) * 100)
            self.label((pad, y, label_w, row_h), _(text), "@field", container=panel)
            slider = self.add(pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(ctrl_x, y + (row_h - slider_h) // 2, ctrl_w - value_w - self.px(10), slider_h),
                value, (0, 100), self.manager, container=panel, object_id=f"#{field}", click_increment=5))
            self.sliders[slider] = field
            self.value_labels[field] = self.label((ctrl_x + ctrl_w - value_w, y, value_w, row_h), f"{value}%",
                                                  "@value", container=panel)
            y += row_h + row_gap
        self.mute_box = self.add(pygame_gui.elements.UICheckBox(
            pygame.Rect(pad, y + (row_h - box) // 2, box, box), _("Mute every sound (M)"), self.manager,
            container=panel, object_id="#muted", initial_state=settings.muted))
        y += row_h + row_gap

        form = FormRows(panel, y, pad, label_w, ctrl_x, ctrl_w, row_h, row_gap)
        self.speech_menu = self.choice_row(form, _("Speech"), SPEECH_MODES, settings.speech, "#speech")
        self.detail_menu = self.choice_row(form, _("Speech detail"), SPEECH_DETAILS, settings.speech_detail,
                                           "#speech_detail")
        button_w, button_h = self.px(220), max(self.text_h(17) + 14, self.px(50))
        self.button(((width - button_w) // 2, height - self.px(36) - button_h, button_w, button_h), _("Back"),
                    self.app.pop, name="back")

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element in getattr(self, "sliders", {}):
            field = self.sliders[event.ui_element]
            value = max(0, min(100, int(round(event.value))))
            self.value_labels[field].set_text(f"{value}%")
            self.change(**{field: value / 100})
            self.app.sound.play("click")   # hear the new volume
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED) \
                and event.ui_element is getattr(self, "mute_box", None):
            self.change(muted=event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(self, "speech_menu", None):
            self.change(speech=self.speech_menu.selected_option[1])
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(self, "detail_menu", None):
            self.change(speech_detail=self.detail_menu.selected_option[1])
            return True
        return super().handle_event(event)

    def on_settings_changed(self, settings) -> None:
        # M pressed on this screen: the box follows.
        box = getattr(self, "mute_box", None)
        if box is not None and box.alive() and box.get_state() != settings.muted:
            box.set_state(settings.muted)

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_heading(surface, self.app.assets, _("Sound and speech"), self.app.size[0] // 2, self.px(22),
                     max(34, self.px(50)))
