"""The rules viewer: each playable game's rules file (`seeds/<id>.md`) in a scrollable text box.

The rules are written in a small Markdown subset; `markdown_to_html` turns that into the HTML
subset pygame-gui's `UITextBox` understands. One tab per playable game along the top; Close,
Escape (or F1, the key that opened it from a game) take the overlay away again.
"""
from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import assets
from game.core.registry import GameSpec, get, playable_games
from game.ui import theme
from game.ui.scene import Overlay

if TYPE_CHECKING:
    from game.app import App

# ---- the Markdown subset -> pygame-gui HTML ------------------------------------------------

BODY_PX = 24            # body text: 16 px on screen even in a 1280x720 window
HEADING_PX = {1: 40, 2: 31, 3: 26}            # #, ##, ### (all bold)
# The space after a block is 1.75 x these (pygame-gui's line height for the font size).
GAP_PX = 12                 # between paragraphs: half a line
GAP_LIST_PX = 6             # between the items of one list
GAP_BEFORE_HEADING_PX = 18
GAP_AFTER_HEADING_PX = 5
ID_COLOUR = "#8d939c"   # rule ids: small and grey, for reference; the rule is what a player reads
ID_PX = 18              # 12 px on screen in a 1280x720 window: there, not in the way
BULLET = "\u2022"

_HEADING = re.compile(r"^(#{1,3})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^\s{0,3}[-*+]\s+(.*)$")
_NUMBERED = re.compile(r"^\s{0,3}(\d{1,3})[.)]\s+(.*)$")
# A rule id: capitals, a dash, a number (UBK-12, TOK-3, TTR-14a).
_RULE_ID = re.compile(r"\*\*([A-Z][A-Z0-9]{1,5}-\d+[a-z]?)\*\*")
# Emphasis needs a non-space just inside the stars, so "2 * 3" stays as it is.
_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![*\w])")


# A rule's own id, where its clause begins ("- **TOK-12** The ..."): it moves to the clause's end.
_LEADING_ID = re.compile(r"^\*\*([A-Z][A-Z0-9]{1,5}-\d+[a-z]?)\*\*\s+")


def _rule_id(rule: str) -> str:
    return f'<font color="{ID_COLOUR}" pixel_size="{ID_PX}">{rule}</font>'


def _inline(text: str) -> str:
    """Escape one block's text, then turn its emphasis and rule ids into tags. A clause's own
    id goes to its end, small and grey: the rule reads as a rulebook's sentence."""
    own = _LEADING_ID.match(text)
    if own:
        text = text[own.end():]
    out = html.escape(text, quote=False)     # & < > only; quotes are harmless in text
    out = _RULE_ID.sub(lambda m: _rule_id(m.group(1)), out)
    if own:
        out += "\u2003" + _rule_id(own.group(1))
    out = _BOLD.sub(r"<b>\1</b>", out)
    out = _ITALIC.sub(r"<i>\1</i>", out)
    return out


def _end(gap_px: int) -> str:
    """End a block: a line break, then an empty line about 1.75 x `gap_px` high.

    pygame-gui gives an empty line the height of the font its line break is taken in, so the
    breaks are wrapped in a small font: paragraphs get half a line between them, not a whole.
    """
    return f'<font pixel_size="{gap_px}"><br><br></font>'


def markdown_to_html(text: str) -> str:
    """Our rules files' Markdown subset as pygame-gui HTML.

    Understood: `#`, `##`, `###` headings (bigger bold text), paragraphs (lines joined until a
    blank line), `- ` bullets (continuation lines indented under them), `1. ` numbered items,
    `**bold**`, `*italic*` and rule ids such as `**UBK-12**` (small and grey; a clause's own id,
    where it begins, is moved to its end).
    `<`, `>` and `&` in the text are escaped. The result holds no newline characters: the text
    box would turn each one into a line break.
    """
    blocks: list[tuple[str, str]] = []          # (kind, text): h1/h2/h3, p, li
    kind: str | None = None
    lines: list[str] = []

    def flush() -> None:
        nonlocal kind, lines
        if kind is not None and lines:
            blocks.append((kind, " ".join(lines)))
        kind, lines = None, []

    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
            continue
        heading = _HEADING.match(stripped) if not raw.startswith((" ", "\t")) else None
        if heading:
            flush()
            blocks.append((f"h{len(heading.group(1))}", heading.group(2)))
            continue
        bullet = _BULLET.match(line)
        numbered = _NUMBERED.match(line)
        if bullet:
            flush()
            kind, lines = "li", [bullet.group(1).strip()]
            continue
        if numbered:
            flush()
            kind, lines = f"ol{numbered.group(1)}", [numbered.group(2).strip()]
            continue
        if kind is None:
            kind = "p"
        lines.append(stripped)                  # a continuation of the current block
    flush()

    parts: list[str] = []
    for index, (block_kind, body) in enumerate(blocks):
        content = _inline(body)
        if block_kind.startswith("h"):
            size = HEADING_PX[int(block_kind[1])]
            parts.append(f'<font pixel_size="{size}"><b>{content}</b></font>')
        elif block_kind == "li":
            parts.append(f"\u2003{BULLET}\u2002{content}")
        elif block_kind.startswith("ol"):
            parts.append(f"\u2003{block_kind[2:]}.\u2002{content}")
        else:
            parts.append(content)
        following = blocks[index + 1][0] if index + 1 < len(blocks) else None
        if following is None:
            parts.append("<br>")
        elif following.startswith("h"):
            parts.append(_end(GAP_BEFORE_HEADING_PX))
        elif block_kind.startswith("h"):
            parts.append(_end(GAP_AFTER_HEADING_PX))
        elif block_kind.startswith(("li", "ol")) and following.startswith(("li", "ol")):
            parts.append(_end(GAP_LIST_PX))      # items of one list sit close together
        else:
            parts.append(_end(GAP_PX))
    return f'<font pixel_size="{BODY_PX}">{"".join(parts)}</font>'


def fonts_used() -> list[dict]:
    """The font styles `markdown_to_html` output asks for, to preload (pygame-gui otherwise
    loads each on first use and warns about it)."""
    fonts = [{"name": "noto_sans", "point_size": size, "style": "bold"} for size in HEADING_PX.values()]
    fonts.append({"name": "noto_sans", "point_size": ID_PX, "style": "regular"})
    fonts += [{"name": "noto_sans", "point_size": BODY_PX, "style": style}
              for style in ("regular", "bold", "italic", "bold_italic")]
    fonts += [{"name": "noto_sans", "point_size": size, "style": "regular"}
              for size in (GAP_PX, GAP_LIST_PX, GAP_BEFORE_HEADING_PX, GAP_AFTER_HEADING_PX)]
    unique = {(f["point_size"], f["style"]): f for f in fonts}   # each once (the ids' size is a gap's)
    return list(unique.values())


def preload_fonts(manager: pygame_gui.UIManager, fonts: list[dict]) -> None:
    """Preload those of `fonts` the manager has not loaded yet (it warns about either case)."""
    dictionary = manager.get_theme().get_font_dictionary()
    missing = []
    for font in fonts:
        style = str(font["style"])
        font_id = dictionary.create_font_id(int(font["point_size"]), str(font["name"]),
                                            "bold" in style, "italic" in style)
        if not dictionary.check_font_preloaded(font_id):
            missing.append(font)
    if missing:
        manager.preload_fonts(missing)


def rules_html(spec: GameSpec) -> str:
    """The rules of `spec` as HTML, or a clear message when its file is missing or unreadable."""
    title = html.escape(spec.title, quote=False)
    if not spec.rules_file:
        return _message(f"No rules for {title} yet",
                        f"{title} does not have a rules file in this version of Journeys.")
    name = html.escape(spec.rules_file, quote=False)
    try:
        text = assets.rules_text(spec.rules_file)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        # AssetError is an OSError; a damaged file may not decode as UTF-8
        reason = html.escape(str(exc) or type(exc).__name__, quote=False)
        return _message(f"The rules of {title} could not be opened",
                        f"Journeys looked for the file <b>seeds/{name}</b> and could not read it. "
                        f"Reinstalling Journeys should bring it back.",
                        reason)
    if not text.strip():
        return _message(f"The rules of {title} are empty",
                        f"The file <b>seeds/{name}</b> holds no text.")
    return markdown_to_html(text)


def _message(heading: str, body: str, detail: str = "") -> str:
    """A short notice in the text box, in place of the rules (arguments already escaped)."""
    out = (f'<font pixel_size="{HEADING_PX[2]}"><b>{heading}</b></font>{_end(GAP_PX)}'
           f'<font pixel_size="{BODY_PX}">{body}</font>')
    if detail:
        out += f'{_end(GAP_PX)}<font pixel_size="{BODY_PX}" color="#a9adb3">{detail}</font>'
    return out + "<br>"


# ---- the overlay ---------------------------------------------------------------------------

PANEL = pygame.Rect(150, 50, 1620, 980)
PAD = 40
TAB_Y = PANEL.y + 112
TAB_H = 52
TAB_GAP = 12
TEXT_TOP = TAB_Y + TAB_H + 22
HINT_H = 44
CLOSE_W = 170
SCROLL_LINES = 3            # per wheel notch or arrow key press
TAB_FONT_PX = 22            # theme.json's default button font
TAB_TEXT_PAD = 44           # room either side of a tab's title


def tab_layout(titles: list[str]) -> list[tuple[pygame.Rect, str]]:
    """A rectangle and a label per tab, left to right along the top of the panel.

    Each tab is as wide as its title. When they do not all fit, the widest are narrowed to one
    common width (short titles keep theirs) and shortened with an ellipsis; the tooltip still
    gives the whole title.
    """
    if not titles:
        return []
    room = PANEL.width - 2 * PAD - TAB_GAP * (len(titles) - 1)
    font = theme.font(TAB_FONT_PX)
    natural = [max(150, font.size(t)[0] + TAB_TEXT_PAD) for t in titles]
    cap = max(natural)
    while cap > 60 and sum(min(w, cap) for w in natural) > room:
        cap -= 2
    widths = [min(w, cap) for w in natural]
    labels = [t if w >= n else theme.fit_text(t, TAB_FONT_PX, w - TAB_TEXT_PAD)
              for t, w, n in zip(titles, widths, natural)]
    out = []
    x = PANEL.x + PAD
    for width, label in zip(widths, labels):
        out.append((pygame.Rect(x, TAB_Y, width, TAB_H), label))
        x += width + TAB_GAP
    return out


class RulesScene(Overlay):
    """The rules of every playable game, one tab each, over a dimmed scene."""

    dim_alpha = 190

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        preload_fonts(self.ui, fonts_used())
        self.specs: list[GameSpec] = list(playable_games())
        self.current: GameSpec | None = None
        if game_id is not None:
            self.current = next((s for s in self.specs if s.id == game_id), None)
            if self.current is None:
                try:
                    self.current = get(game_id)   # announced, not playable yet: show it anyway
                    self.specs.append(self.current)
                except KeyError:
                    pass                          # an unknown id: the first game will do
        if self.current is None and self.specs:
            self.current = self.specs[0]
        self.close_button = self.button((PANEL.right - PAD - CLOSE_W, PANEL.y + 28, CLOSE_W, 56),
                                        "Close", kind="big", tooltip="Back to where you were (Esc)")
        self.tabs: dict[str, pygame_gui.elements.UIButton] = {}
        for spec, (rect, label) in zip(self.specs, tab_layout([s.tab_title for s in self.specs])):
            self.tabs[spec.id] = self.button(rect, label, tooltip=f"The rules of {spec.title}")
        self.text_rect = pygame.Rect(PANEL.x + PAD, TEXT_TOP, PANEL.width - 2 * PAD,
                                     PANEL.bottom - HINT_H - 16 - TEXT_TOP)
        self.text_box: pygame_gui.elements.UITextBox | None = None
        self._boxes: dict[str, pygame_gui.elements.UITextBox] = {}
        self._scrolling = False
        self.show(self.current)

    # ---- content --------------------------------------------------------------------------
    @property
    def html_text(self) -> str:
        """What the text box shows now (HTML)."""
        return self.text_box.html_text if self.text_box is not None else ""

    def show(self, spec: GameSpec | None) -> None:
        """Show `spec`'s rules and mark its tab.

        Laying out a whole rules file takes pygame-gui a noticeable moment, so each game's text
        box is built once, the first time its tab is shown, then hidden and shown again; coming
        back to a tab also finds it scrolled where it was left.
        """
        self.current = spec
        key = spec.id if spec is not None else ""
        if self.text_box is not None and self.text_box is not self._boxes.get(key):
            self.text_box.hide()
        box = self._boxes.get(key)
        if box is None:
            box = pygame_gui.elements.UITextBox(self._content(spec), self.text_rect, self.ui)
            self._boxes[key] = box
        else:
            box.show()
        self.text_box = box
        for game_id, tab in self.tabs.items():
            if spec is not None and game_id == spec.id:
                tab.select()
            else:
                tab.unselect()
        self.invalidate()

    def _content(self, spec: GameSpec | None) -> str:
        if spec is not None:
            return rules_html(spec)
        return _message("No rules to show", "No game is playable in this version yet.")

    def switch(self, step: int) -> None:
        """The next (+1) or previous (-1) tab, wrapping round."""
        if not self.specs:
            return
        index = self.specs.index(self.current) if self.current in self.specs else 0
        target = self.specs[(index + step) % len(self.specs)]
        if target is not self.current:
            self.show(target)

    def scroll(self, fraction: float | None = None, *, to: float | None = None) -> None:
        """Scroll the text by `fraction` of its length, or `to` a place (0 top, 1 bottom)."""
        bar = self.text_box.scroll_bar if self.text_box is not None else None
        if bar is None:                      # the text fits: nothing to scroll
            return
        room = max(0.0, 1.0 - bar.visible_percentage)
        start = bar.start_percentage if to is None else to * room
        if fraction is not None:
            start += fraction
        bar.set_scroll_from_start_percentage(min(room, max(0.0, start)))

    def lines(self, count: int) -> float:
        """`count` lines of body text, as a fraction of the text."""
        layout = self.text_box.text_box_layout if self.text_box is not None else None
        height = layout.layout_rect.height if layout is not None else 0
        return 0.0 if height <= 0 else count * BODY_PX * 1.7 / height

    def page(self) -> float:
        """One screenful less a line, as a fraction of the text."""
        bar = self.text_box.scroll_bar if self.text_box is not None else None
        return 0.0 if bar is None else bar.visible_percentage * 0.92

    # ---- frames ---------------------------------------------------------------------------
    def _scroll_place(self) -> float:
        bar = self.text_box.scroll_bar if self.text_box is not None else None
        return bar.start_percentage if bar is not None else 0.0

    def update(self, dt: float) -> None:
        before = self._scroll_place()
        super().update(dt)
        self._scrolling = self._scroll_place() != before

    def wants_frames(self) -> bool:
        """While the text glides after a wheel turn or a held scroll arrow: the app otherwise
        sleeps between events and the glide would move in jerks."""
        bar = self.text_box.scroll_bar if self.text_box is not None else None
        if bar is None:
            return False
        held = any(button is not None and button.held
                   for button in (bar.top_button, bar.bottom_button, bar.sliding_button))
        return self._scrolling or held or bar.scroll_wheel_moved

    # ---- events ---------------------------------------------------------------------------
    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.close_button:
            self.close()
            return
        for spec in self.specs:
            if event.ui_element is self.tabs.get(spec.id):
                if spec is not self.current:
                    self.show(spec)
                return

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_F1):
                self.close()
            elif key == pygame.K_TAB:
                self.switch(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            elif key == pygame.K_LEFT:
                self.switch(-1)
            elif key == pygame.K_RIGHT:
                self.switch(1)
            elif key == pygame.K_UP:
                self.scroll(-self.lines(SCROLL_LINES))
            elif key == pygame.K_DOWN:
                self.scroll(self.lines(SCROLL_LINES))
            elif key == pygame.K_PAGEUP:
                self.scroll(-self.page())
            elif key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
                self.scroll(self.page())
            elif key == pygame.K_HOME:
                self.scroll(to=0.0)
            elif key == pygame.K_END:
                self.scroll(to=1.0)
            return True
        if event.type == pygame.MOUSEWHEEL:
            # pygame-gui scrolls only while the pointer is over the text; anywhere else on the
            # overlay the wheel should still move the rules, since that is all there is to move.
            self.scroll(-event.y * self.lines(SCROLL_LINES))
            return True
        return True   # a modal overlay: nothing reaches the scene below

    # ---- drawing --------------------------------------------------------------------------
    def draw_scene(self, canvas: pygame.Surface) -> None:
        super().draw_scene(canvas)
        theme.shadowed_panel(canvas, PANEL, theme.BG, radius=14)
        pygame.draw.rect(canvas, theme.LINE, PANEL, 1, border_radius=14)
        accent = pygame.Color(self.current.accent if self.current else theme.HIGHLIGHT)
        pygame.draw.rect(canvas, accent, (PANEL.x, PANEL.y, PANEL.width, 8),
                         border_top_left_radius=14, border_top_right_radius=14)
        theme.draw_text(canvas, "Rules", (PANEL.x + PAD, PANEL.y + 30), theme.SIZE_TITLE,
                        theme.TEXT, bold=True)
        if self.current is not None and self.current.id in self.tabs:
            tab = self.tabs[self.current.id].rect
            pygame.draw.rect(canvas, theme.HIGHLIGHT, (tab.x + 14, tab.bottom + 6, tab.width - 28, 4),
                             border_radius=2)
        hint = "Mouse wheel, arrow keys or Page Up/Down scroll  ·  "
        if len(self.tabs) > 1:
            hint += "Tab switches games  ·  "
        hint += "Esc closes"
        theme.draw_text(canvas, hint, (PANEL.centerx, PANEL.bottom - HINT_H // 2 - 8), theme.SIZE_SMALL,
                        theme.TEXT_DIM, anchor="center", max_width=PANEL.width - 2 * PAD)
