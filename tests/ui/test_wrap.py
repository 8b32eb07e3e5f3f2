"""The one line-breaker: every line fits, nothing is lost, a long word is broken, ``most`` keeps the rest."""
import pygame

from game.ui.look.wrap import wrap_words


def font():
    pygame.font.init()
    return pygame.font.Font(None, 20)


def test_lines_fit_and_every_word_is_kept_in_order():
    text = "Eine Neun kehrt die Spielrichtung um, zu zweit ohne Wirkung. " * 6
    lines = wrap_words(text, font(), 160)
    assert len(lines) > 3
    assert all(font().size(line)[0] <= 160 for line in lines)
    assert " ".join(lines).split() == text.split()


def test_a_word_wider_than_the_line_is_broken_not_cut():
    word = "Rundenstrafpunktezählungsübersicht" * 3
    lines = wrap_words(word, font(), 90)
    assert "".join(lines) == word and all(font().size(line)[0] <= 90 for line in lines)


def test_own_line_breaks_are_kept_and_most_puts_the_rest_on_the_last_line():
    assert wrap_words("one\n\ntwo", font(), 500) == ["one", "", "two"]
    lines = wrap_words("a b c d e f g h", font(), 1, most=3)
    assert lines == ["a", "b", "c d e f g h"]
