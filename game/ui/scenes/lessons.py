"""Learn to play: the lessons, each with how far the player got, or (from the rules screen) the steps that
show a game's rules, each a "Show me" that opens the lesson at that step."""
from __future__ import annotations

import pygame

from game.session.lessons import LESSONS, SECTIONS

from ..i18n import _
from ..lesson_words import LESSON_BLURBS, SECTION_TITLES, lesson_title, step_title
from ..look.paint import draw_heading
from ..look.wrap import wrap_words
from ..sessions import load_lesson_progress
from ..widgets import WidgetScene


class LessonsScene(WidgetScene):
    """The list of lessons (``lessons`` None), or the steps of ``lessons`` by rules section (only
    ``section``'s when given)."""

    def spoken_title(self) -> str:
        return _("Show me at the table") if self.steps_of else _("Learn to play")

    def __init__(self, app, lesson: str | None = None, lessons: tuple[str, ...] | None = None,
                 section: str | None = None):
        super().__init__(app)
        self.progress = load_lesson_progress(app)
        #: The lesson to have the focus (the one just left), if any.
        self.focused_lesson = lesson
        self.steps_of = tuple(lessons) if lessons else ()
        #: The one rules section whose steps to list (a heading's link on the rules screen), or None: all.
        self.section = section if section in SECTIONS else None

    def status(self, key: str) -> str:
        """How far the player got in lesson ``key``."""
        mark = self.progress.mark(key)
        count = len(LESSONS[key].steps)
        if mark.step:
            return _("Step {number} of {count}").format(number=mark.step + 1, count=count)
        if mark.done:
            return _("Done")
        return _("Not started")

    def build(self) -> None:
        if self.steps_of:
            self._build_steps()
        else:
            self._build_lessons()
        width, height = self.app.size
        button_h = max(self.text_h(17) + 14, self.px(50))
        self.button(((width - self.px(220)) // 2, height - self.px(30) - button_h, self.px(220), button_h),
                    _("Back"), self.back, name="back")

    def _content(self) -> pygame.Rect:
        width, height = self.app.size
        content_w = min(width - self.px(100), self.px(900))
        top = self.px(100)
        bottom = height - self.px(30) - max(self.text_h(17) + 14, self.px(50)) - self.px(20)
        return pygame.Rect((width - content_w) // 2, top, content_w, bottom - top)

    def _build_lessons(self) -> None:
        area = self._content()
        gap = self.px(14)
        row_h = (area.h - gap * (len(LESSONS) - 1)) // len(LESSONS)
        button_w = max(self.px(200), max(self.text_w(t) for t in (_("Start"), _("Go on"), _("Play again"))) + 40)
        button_h = max(self.text_h(17) + 12, self.px(48))
        text_font = self.app.assets.font(round(15 * self.app.font_scale), False)
        self.buttons = {}
        y = area.top
        for key in LESSONS:
            frame = self.frame((area.left, y, area.w, row_h), "inset", name=f"lesson_{key}")
            pad = self.px(16)
            text_w = area.w - 3 * pad - button_w
            self.label((pad, pad // 2, text_w, self.text_h(19)), lesson_title(key), "@heading", container=frame,
                       name=f"lesson_title_{key}")
            blurb_top = pad // 2 + self.text_h(19)
            status_h = self.text_h(15)
            lines = wrap_words(_(LESSON_BLURBS[key]), text_font, text_w - 8)
            room = max(1, (row_h - blurb_top - status_h - pad // 2) // self.text_h(15))
            for index, line in enumerate(lines[:room]):
                self.label((pad, blurb_top + index * self.text_h(15), text_w, self.text_h(15)), line,
                           "@description", container=frame, name=f"lesson_blurb_{key}_{index}")
            self.label((pad, row_h - pad // 2 - status_h, text_w, status_h), self.status(key), "@subtle",
                       container=frame, name=f"lesson_status_{key}")
            mark = self.progress.mark(key)
            verb = _("Go on") if mark.step else _("Play again") if mark.done else _("Start")
            self.buttons[key] = self.button((area.w - pad - button_w, (row_h - button_h) // 2, button_w, button_h),
                                            verb, lambda key=key: self.open(key), primary=key == self._first_open(),
                                            container=frame, name=f"lesson_open_{key}")
            y += row_h + gap

    def _first_open(self) -> str:
        """The lesson to offer first: the one just left, else the first not finished."""
        if self.focused_lesson in LESSONS:
            return self.focused_lesson
        return next((key for key in LESSONS if not self.progress.mark(key).done), next(iter(LESSONS)))

    def _build_steps(self) -> None:
        area = self._content()
        rows = []
        for section in (self.section,) if self.section else SECTIONS:
            found = [(key, index, step) for key in self.steps_of
                     for index, step in enumerate(LESSONS[key].steps) if step.section == section]
            if found:
                rows.append((section, None, None, None))
                rows += [(section, key, index, step) for key, index, step in found]
        columns = 1 if len(rows) * self.px(32) <= area.h else 2
        per_column = -(-len(rows) // columns)
        row_h = min(self.px(46), area.h // max(1, per_column))
        col_w = (area.w - self.px(20) * (columns - 1)) // columns
        button_w = min(col_w // 3, max(self.text_w(_("Show me"), 14) + 30, self.px(120)))
        self.show_buttons = {}
        for number, (section, key, index, step) in enumerate(rows):
            column, row = divmod(number, per_column)
            x = area.left + column * (col_w + self.px(20))
            y = area.top + row * row_h
            if key is None:
                self.label((x, y, col_w, row_h), _(SECTION_TITLES[section]), "@heading", name=f"section_{section}")
                continue
            text = step_title(step) if len(self.steps_of) == 1 else f"{step_title(step)} ({lesson_title(key)})"
            self.label((x + self.px(10), y, col_w - button_w - self.px(20), row_h), text, "@field",
                       name=f"step_{key}_{index}")
            self.show_buttons[(key, index)] = self.button(
                (x + col_w - button_w, y + self.px(3), button_w, row_h - self.px(6)), _("Show me"),
                lambda key=key, index=index: self.open(key, index), style="@small_button",
                name=f"show_{key}_{index}")

    def open(self, key: str, step: int | None = None) -> None:
        """Open lesson ``key`` at ``step`` (None: where the player left it; a finished lesson from the start)."""
        if step is None:
            step = self.progress.mark(key).step
        self.app.go("lesson_table", key, step, how="clear")

    def back(self) -> None:
        if len(self.app.scenes) > 1:
            self.app.pop()
        else:
            self.app.go("menu", how="clear")

    def on_escape(self) -> bool:
        self.back()
        return True

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_heading(surface, self.app.assets, self.spoken_title(), self.app.size[0] // 2, self.px(22),
                     max(34, self.px(50)))
