#!/usr/bin/env python3
# test-a11y.py
#
# Copyright 2026 The Tessera developers
#
# SPDX-License-Identifier: GPL-3.0-or-later

"""A turn entered without sight, checked through the accessibility bus.

The built app runs under a virtual display and its own D-Bus session with the AT-SPI bus,
as it would under Orca. This script is the screen reader's side: it sends real key events
(through the AT-SPI registry, which fakes them on the X server with XTest), never looks at a
widget but through AT-SPI, and finds its way by what the focused objects are called, as a
blind player finds it by what Orca says. It starts a game of the base box for Anna and Bert
from the New Game dialog, puts tile E north of the start tile with its city facing south,
a knight on that city, and confirms. The city is completed: Anna scores 4 and gets her
knight back. Bert then puts tile U where the board offers it first, with a thief on its road.
The test checks what a screen reader is told: the board's description of the cell under the
keyboard cursor (where the tile goes and how it lies, then each tile and whose follower is on
it), the scorings of the confirmed turn, and the scoreboard rows. It walks the Tab ring of the
game page and of Players with no finished game. Then it starts the app again over two finished
games imported with tessera-cli, and reads History's games, the Players table and a profile as
a screen reader meets them, row by row.

Run by meson (suite ui). Without pyatspi, dbus-run-session, Xvfb or the AT-SPI bus it exits
77, which meson counts as skipped, and says why.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77
SCREEN = '1280x800x24'
# Keysyms (X11/keysymdef.h)
TAB, RETURN, ESCAPE, HOME, LEFT, UP, RIGHT, DOWN, F10 = (0xff09, 0xff0d, 0xff1b, 0xff50, 0xff51, 0xff52,
                                                      0xff53, 0xff54, 0xffc7)
SHIFT_MASK, CONTROL_MASK = 1 << 0, 1 << 2


def skip(reason):
    print(f'SKIP: {reason}')
    sys.exit(SKIP)


def outer():
    """Checks what the test needs, then runs itself again under Xvfb and a D-Bus session."""
    try:
        import gi
        gi.require_version('Atspi', '2.0')
        from gi.repository import Atspi  # noqa: F401
        import pyatspi  # noqa: F401
    except (ImportError, ValueError) as error:
        skip(f'no AT-SPI client library for {sys.executable} ({error}); install python3-pyatspi')
    for tool in ('xvfb-run', 'Xvfb', 'dbus-run-session'):
        if shutil.which(tool) is None:
            skip(f'{tool} is not installed (Debian packages xvfb, dbus)')
    if not any(os.path.exists(os.path.join(d, 'dbus-1', 'services', 'org.a11y.Bus.service'))
               for d in os.environ.get('XDG_DATA_DIRS', '/usr/local/share:/usr/share').split(':')):
        skip('the AT-SPI bus is not installed (Debian package at-spi2-core)')
    for variable, what in (('TESSERA_APP', 'the built app'), ('TESSERA_CLI', 'the built tessera-cli')):
        program = os.environ.get(variable)
        if not program or not os.access(program, os.X_OK):
            skip(f'{variable} does not name {what}')
    # The X server first, so that the session bus, and the registry it starts, see DISPLAY.
    # run-under-xvfb.sh (from meson) lets the test run beside other ui tests; xvfb-run -a can
    # pick the display number another test is just taking.
    inner = ['dbus-run-session', '--', sys.executable, os.path.abspath(__file__), '--inner']
    run_under_xvfb = os.environ.get('TESSERA_RUN_UNDER_XVFB')
    if run_under_xvfb:
        os.execv(run_under_xvfb, [run_under_xvfb, SCREEN] + inner)
    os.execvp('xvfb-run', ['xvfb-run', '-a', '-s', f'-screen 0 {SCREEN}'] + inner)


class Failure(Exception):
    pass


class ScreenReader:
    """The app as a screen reader meets it: focus, names, descriptions and events."""

    def __init__(self, pid):
        import gi
        gi.require_version('Atspi', '2.0')
        from gi.repository import GLib
        import pyatspi

        self.pyatspi = pyatspi
        self.context = GLib.MainContext.default()
        self.pid = pid
        self.focus = None
        self.focus_log = []
        self.description_events = []
        pyatspi.Registry.registerEventListener(self._on_focus, 'object:state-changed:focused')
        pyatspi.Registry.registerEventListener(self._on_description, 'object:property-change:accessible-description')

    def follow(self, pid):
        """Listen to the app started again as @pid, from nothing heard."""
        self.pid = pid
        self.focus = None
        self.focus_log = []
        self.description_events = []

    def _ours(self, acc):
        try:
            return acc.get_process_id() == self.pid
        except Exception:
            return False

    def _on_focus(self, event):
        if event.detail1 and self._ours(event.source):
            self.focus = event.source
            self.focus_log.append(self.describe(event.source))

    def _on_description(self, event):
        if self._ours(event.source):
            self.description_events.append((self.name(event.source), str(event.any_data)))

    @staticmethod
    def name(acc):
        try:
            return acc.name or ''
        except Exception:
            return ''

    @staticmethod
    def description(acc):
        try:
            return acc.description or ''
        except Exception:
            return ''

    def describe(self, acc):
        try:
            return f'{acc.getRoleName()} “{self.name(acc)}” ({self.description(acc)})'
        except Exception as error:
            return f'gone ({error})'

    def pump(self, seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            while self.context.iteration(False):
                pass
            time.sleep(0.01)

    def wait_for(self, what, predicate, timeout=10):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.05)
            try:
                result = predicate()
            except Exception:
                result = None
            if result:
                return result
        raise Failure(f'waited {timeout} s for {what}; the focus was on {self.describe(self.focus)}'
                      f' after {self.focus_log[-5:]}')

    def key(self, keysym, control=False, shift=False):
        registry = self.pyatspi.Registry
        mask = (CONTROL_MASK if control else 0) | (SHIFT_MASK if shift else 0)
        if mask:
            registry.generateKeyboardEvent(mask, None, self.pyatspi.KEY_LOCKMODIFIERS)
        registry.generateKeyboardEvent(keysym, None, self.pyatspi.KEY_SYM)
        if mask:
            registry.generateKeyboardEvent(mask, None, self.pyatspi.KEY_UNLOCKMODIFIERS)
        self.pump(0.1)

    def type(self, text):
        for char in text:
            self.key(ord(char))

    def press_and_wait(self, keysym, seconds, shift=False):
        """Presses a key and waits up to @seconds for the focus to move; whether it did."""
        before = len(self.focus_log)
        self.key(keysym, shift=shift)
        end = time.monotonic() + seconds
        while len(self.focus_log) == before and time.monotonic() < end:
            self.pump(0.02)
        return len(self.focus_log) > before

    def focus_name(self):
        return self.name(self.focus) if self.focus is not None else ''

    def tab_to(self, what, predicate, limit=30, backwards=False):
        """Tab until the focused object is @what: how a blind user finds a control."""
        for _ in range(limit):
            if self.focus is not None and predicate(self.focus):
                return self.focus
            # One Tab at a time: on a busy machine the focus event comes late, and a second Tab
            # sent before it would pass the control that was wanted.
            self.press_and_wait(TAB, 2, shift=backwards)
        raise Failure(f'{limit} Tabs did not reach {what}; the focus went {self.focus_log[-limit:]}')

    def walk_ring(self, backwards=False, limit=60):
        """Tab (Shift+Tab) until the focus is back where it began: the stops met, that one last,
        each as (the stop, the focused object). A list's or grid's items are one stop, the list."""
        start = self.stop_of(self.focus)
        stops = []
        for _ in range(limit):
            if not self.press_and_wait(TAB, 3, shift=backwards):
                raise Failure(f'{"Shift+Tab" if backwards else "Tab"} moved the focus nowhere from '
                              f'{self.describe(self.focus)}')
            stops.append((self.stop_of(self.focus), self.focus))
            if stops[-1][0] == start:
                return stops
        raise Failure(f'{limit} presses of {"Shift+Tab" if backwards else "Tab"} did not come back to '
                      f'{start}: {[self.describe(acc) for _, acc in stops]}')

    def stop_of(self, acc):
        """What a Tab stop is: the object, or the list or grid its item belongs to."""
        up = acc
        for _ in range(6):
            try:
                up = up.parent
            except Exception:
                break
            if up is None:
                break
            if up.getRoleName() in ('list', 'grid', 'table', 'tree table', 'list box'):
                return (up.getRoleName(), self.name(up), self.identity(up))
        return (acc.getRoleName(), self.name(acc), self.identity(acc))

    @staticmethod
    def identity(acc):
        """The object's D-Bus path: the same object wherever it is met from."""
        return getattr(acc, 'path', None) or id(acc)

    def application(self):
        desktop = self.pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            app = desktop.getChildAtIndex(i)
            if app is not None and self._ours(app):
                return app
        return None

    def find_all(self, root, predicate):
        """Everything under @root that @predicate takes, in order."""
        found = []
        stack = [root]
        while stack:
            acc = stack.pop()
            try:
                if acc is None:
                    continue
                if predicate(acc):
                    found.append(acc)
                stack.extend(acc.getChildAtIndex(i) for i in reversed(range(acc.childCount)))
            except Exception:
                continue
        return found

    def nearest(self, start, predicate):
        """The first object @predicate takes under @start or the nearest of its ancestors."""
        acc = start
        while acc is not None:
            found = self.find_all(acc, predicate)
            if found:
                return found[0]
            acc = acc.parent
        return None


STARTED = time.monotonic()


def step(what):
    print(f'{time.monotonic() - STARTED:5.1f} s: {what}', flush=True)


def check(condition, message):
    if not condition:
        raise Failure(message)


def play_a_turn(reader):
    pyatspi = reader.pyatspi
    reader.wait_for('the main window', lambda: reader.application() is not None and reader.application().childCount > 0)
    reader.pump(0.5)

    step('the main window is up')
    # The New Game dialog (Ctrl+N), walked with Tab: two players' names, the base box.
    reader.key(ord('n'), control=True)
    # The keyboard starts in the first player's name, where typing begins. The dialog gives it the
    # focus as it opens, which a reader may learn from the focus event or, when that came before
    # the dialog's objects were known, from the entry's focused state, as a screen reader asks
    # when a window becomes active.
    def first_name_focused():
        if reader.focus is not None and reader.focus_name() == 'Name of player 1':
            return reader.focus
        found = reader.find_all(reader.application(), lambda acc: reader.name(acc) == 'Name of player 1'
                                and acc.getState().contains(pyatspi.STATE_FOCUSED))
        return found[0] if found else None
    reader.focus = reader.wait_for('the New Game dialog to put the keyboard in the first name', first_name_focused)
    for seat, name in ((1, 'Anna'), (2, 'Bert')):
        reader.tab_to(f'the name of player {seat}', lambda acc: reader.name(acc) == f'Name of player {seat}')
        reader.type(name)
        # Next in the row: the colour, named too.
        reader.key(TAB)
        check(reader.focus_name() == f'Color of player {seat}', f'after the name of player {seat}: {reader.focus_log[-1]}')
    box = reader.tab_to('the game box', lambda acc: reader.name(acc) == 'Game Box')
    check(box.getRoleName() == 'combo box', f'the game box is a {box.getRoleName()}')
    # Enter opens the list; the base game is the second entry.
    reader.key(RETURN)
    reader.wait_for('the list of boxes', lambda: reader.focus is not None and reader.focus.getRoleName() == 'list item')
    reader.key(DOWN)
    reader.key(RETURN)
    reader.wait_for('the base game chosen', lambda: reader.find_all(
        box, lambda acc: acc.getRoleName() == 'label' and reader.name(acc) == 'Base game'))
    reader.key(RETURN, control=True)

    step('the New Game dialog is filled in')
    # The game: the keyboard is in the tile search; E, Enter takes tile E.
    search = reader.wait_for('the tile search', lambda: reader.focus if reader.focus_name() == 'Find the drawn tile' else None)
    check(reader.description(search) == '', f'a new game has no last move, yet the search says “{reader.description(search)}”')
    reader.type('e')
    reader.key(RETURN)
    board = reader.wait_for('the board', lambda: reader.focus if reader.focus_name() == 'Game board' else None)

    step('tile E is chosen')
    # The board says where the cursor is and what the tile would show there: go to cell 0, -1
    # and turn the tile until its city faces south, by what the board says.
    cell = re.compile(r'Cell (-?\d+), (-?\d+): place tile E rotated (\d+) degrees: (.*)$')
    for _ in range(12):
        said = cell.match(reader.description(board))
        check(said is not None, f'the board says “{reader.description(board)}” while tile E is placed')
        x, y = int(said.group(1)), int(said.group(2))
        if (x, y) == (0, -1):
            break
        reader.key(UP if y > -1 else DOWN if y < -1 else LEFT if x > 0 else RIGHT)
    check((x, y) == (0, -1), f'the arrows did not reach cell 0, -1: the board says “{reader.description(board)}”')
    for _ in range(4):
        if reader.description(board).endswith('city south'):
            break
        reader.key(ord('r'))
    reader.wait_for('the board to say the tile goes north of the start, its city south', lambda: reader.description(board)
                    == 'Cell 0, -1: place tile E rotated 180 degrees: city south', timeout=5)
    # The description changed as the cursor moved and the tile turned: what Orca reads out.
    said = [text for name, text in reader.description_events if name == 'Game board']
    check('Cell 0, -1: place tile E rotated 180 degrees: city south' in said,
          f'no description-changed event said where the tile goes: {said}')
    reader.key(RETURN)

    step('tile E is placed')
    # The keyboard is on the first of the choices for a follower, each named in a sentence
    # (whose follower, what, where) with its key: among them, Anna's knight in the city.
    first = reader.wait_for('the choices of the turn', lambda: reader.focus if re.search(r'\(key \d\)$', reader.focus_name())
                            else None)
    choices = [reader.name(acc) for acc in reader.find_all(first.parent.parent, lambda a: a.getRoleName() == 'push button')]
    city = [name for name in choices if name.startswith('Anna’s knight in the city on the new tile')]
    check(len(city) == 1, f'the choices are {choices}')
    digit = re.search(r'\(key (\d)\)$', city[0]).group(1)
    reader.key(ord(digit))
    reader.wait_for('Confirm Turn', lambda: 'Confirm Turn' in reader.focus_name())
    reader.key(RETURN)

    step('the turn is confirmed')
    # The turn is confirmed: the keyboard is back in the tile search, which now says what the
    # move scored, in the score log's words.
    search = reader.wait_for('the tile search again', lambda: reader.focus if reader.focus_name() == 'Find the drawn tile'
                             and reader.description(reader.focus) else None)
    heard = reader.description(search)
    step(f'the focus is on “Find the drawn tile”, described as: {heard}')
    check(heard.startswith('Last move: Anna +4: completed city'), f'the confirmed turn says “{heard}”')

    # The scoreboard rows, as their accessible names read.
    # The scoreboard beside the search: the nearest “Scores” list up from the focus (the
    # replay view, not shown, has one too).
    scores = reader.nearest(search, lambda a: a.getRoleName() == 'list' and reader.name(a) == 'Scores')
    check(scores is not None, 'no scoreboard near the tile search')
    rows = [reader.name(acc) for acc in reader.find_all(scores, lambda a: a.getRoleName() == 'list item')]
    step(f'the scoreboard reads: {rows}')
    check('Anna, 4 points, 7 followers in supply, red' in rows, f'Anna’s row reads {rows}')
    check('Bert, 0 points, 7 followers in supply, blue, to play' in rows, f'Bert’s row reads {rows}')

    # Bert’s turn: tile U where the board offers it first, a thief on its road. The road
    # stays open, so the thief stays on the board.
    reader.type('u')
    reader.key(RETURN)
    board = reader.wait_for('the board', lambda: reader.focus if reader.focus_name() == 'Game board' else None)
    said = reader.wait_for('the board to offer a cell for tile U', lambda: re.match(
        r'Cell (-?\d+), (-?\d+): place tile U rotated \d+ degrees: road ', reader.description(board)))
    x, y = int(said.group(1)), int(said.group(2))
    reader.key(RETURN)
    first = reader.wait_for('the choices of the turn', lambda: reader.focus if re.search(r'\(key \d\)$', reader.focus_name())
                            else None)
    choices = [reader.name(acc) for acc in reader.find_all(first.parent.parent, lambda a: a.getRoleName() == 'push button')]
    road = [name for name in choices if name.startswith('Bert’s thief on the road on the new tile')]
    check(len(road) == 1, f'the choices are {choices}')
    reader.key(ord(re.search(r'\(key (\d)\)$', road[0]).group(1)))
    reader.wait_for('Confirm Turn', lambda: 'Confirm Turn' in reader.focus_name())
    reader.key(RETURN)
    search = reader.wait_for('the tile search after Bert’s turn', lambda: reader.focus
                             if reader.focus_name() == 'Find the drawn tile'
                             and reader.description(reader.focus) == 'Last move: no points.' else None)
    step(f'Bert’s thief is on tile U at {x}, {y}; the search says “{reader.description(search)}”')

    # Back on the board (Shift+Tab from the search), the arrows walk the tiles, each told as it
    # lies with what stands on it: Anna’s knight went home with her points, Bert’s thief stays.
    board = reader.tab_to('the board', lambda acc: reader.name(acc) == 'Game board', backwards=True)
    go_to_tile(reader, board, 0, -1)
    reader.wait_for('the board to tell the new tile, no knight on it', lambda: reader.description(board)
                    == 'Tile E at 0, -1: city south.', timeout=5)
    go_to_tile(reader, board, 0, 0)
    reader.wait_for('the board to tell the start tile', lambda: reader.description(board)
                    == 'Tile D at 0, 0: city north, road east and west.', timeout=5)
    go_to_tile(reader, board, x, y)
    said = reader.wait_for('the board to tell Bert’s thief', lambda: re.fullmatch(
        rf'Tile U at {x}, {y}: road (north and south|east and west)\. Bert’s thief on the road \1\.',
        reader.description(board)), timeout=5)
    step(f'the board says “{said.group(0)}”')

    # Every button of the window has a name a screen reader can say: not empty, not GTK's
    # class name, no mnemonic underscore.
    # GTK 4.8 tells no button as showing: every button of the window is taken, shown or not.
    buttons = reader.find_all(reader.application(), lambda a: a.getRoleName() in ('push button', 'toggle button'))
    names = [reader.name(acc) for acc in buttons]
    bad = [name for name in names if not name or re.match(r'^(Gtk|Adw)[A-Z]', name) or '_' in name]
    check(not bad, f'buttons without a name to say: {bad}')
    step(f'{len(names)} buttons in the window, each with a name')

    # The game page's Tab ring as a screen reader meets it; the palette is one stop.
    forward = check_ring(reader, 'the game page')
    ring = [reader.describe(acc) for _, acc in forward]
    tiles = [acc for _, acc in forward if re.match(r'Tile \S+, \d+ left', reader.name(acc))]
    check(len(tiles) == 1, f'the palette takes {len(tiles)} Tab stops: {ring}')
    check(len(forward) <= 16, f'the game page has {len(forward)} Tab stops: {ring}')
    # Players, with no finished game yet: the page's empty state is a stop that says so.
    before = len(reader.focus_log)
    reader.key(ord('p'), control=True, shift=True)
    reader.wait_for('the keyboard on Players', lambda: len(reader.focus_log) > before)
    reader.pump(0.3)
    stops = check_ring(reader, 'Players')
    check(any(reader.name(acc) == 'No Players Yet' for _, acc in stops), 'Players says nothing of its empty table')


def read_the_history(reader):
    """History, Players and a profile over finished games: each row that takes the keyboard says
    the whole line and what its keys do. GTK 4.8 said "list item" or "GtkListItemWidget"."""
    reader.wait_for('the main window', lambda: reader.application() is not None and reader.application().childCount > 0)
    reader.pump(0.5)
    step('the app is up again over two finished games, and Anna and Bert’s in progress')

    # History (Ctrl+H) gives the keyboard to its newest game; the arrows go from game to game,
    # each told whole with what its keys do.
    before = len(reader.focus_log)
    reader.key(ord('h'), control=True)
    reader.wait_for('a game of History', lambda: len(reader.focus_log) > before
                    and reader.focus.getRoleName() == 'list item')
    told = {}
    for _ in range(3):
        told[reader.name(reader.focus)] = reader.description(reader.focus)
        reader.press_and_wait(DOWN, 2)
    step(f'History’s games: {told}')
    check(len(told) == 3, f'Down went to {len(told)} games of three: {told}')
    resume = 'Enter resumes the game; Shift+F10 opens its menu.'
    replay = 'Enter opens the game’s replay; Shift+F10 opens its menu.'
    check([said for said, keys in told.items() if keys == resume and said.endswith('Base game. Anna, Bert. In progress.')],
          f'Anna and Bert’s game is not told as in progress: {told}')
    finished = [said for said, keys in told.items() if keys == replay
                and re.search(r'Base game\. \w+ \d+, winner, \w+ \d+\. Finished\.$', said)]
    check(len(finished) == 2, f'the finished games are not told whole: {told}')
    stops = check_ring(reader, 'History')
    games = [acc for _, acc in stops if acc.getRoleName() == 'list item']
    check(len(games) == 1, f'History’s games take {len(games)} Tab stops')
    # Shift+F10 opens the game's menu, as the row says.
    reader.tab_to('History’s list', lambda acc: acc.getRoleName() == 'list item')
    said = reader.focus_name()
    reader.key(F10, shift=True)
    item = reader.wait_for('the game’s menu', lambda: reader.focus if reader.focus is not None
                           and reader.focus.getRoleName() == 'menu item' else None)
    check(reader.name(item) in ('Open', 'Resume'), f'the game’s menu begins with “{reader.name(item)}”')
    reader.key(ESCAPE)
    reader.wait_for('the game again after its menu', lambda: reader.focus_name() == said)

    # A finished game opens on its replay (Enter); its ring is named as well. Home goes to the
    # newest game, which is finished.
    reader.press_and_wait(HOME, 2)
    for _ in range(3):
        if reader.description(reader.focus) == replay:
            break
        before = len(reader.focus_log)
        reader.key(DOWN)
        reader.wait_for('the next game', lambda: len(reader.focus_log) > before)
    check(reader.description(reader.focus) == replay, f'no finished game in History: {reader.describe(reader.focus)}')
    before = len(reader.focus_log)
    reader.key(RETURN)
    reader.wait_for('the replay', lambda: len(reader.focus_log) > before and reader.focus.getRoleName() != 'list item')
    check_ring(reader, 'the replay')

    # Players (Ctrl+Shift+P): the table's row says the whole line, not a cell or GTK's class.
    before = len(reader.focus_log)
    reader.key(ord('p'), control=True, shift=True)
    player = reader.wait_for('the first player of Players', lambda: reader.focus if len(reader.focus_log) > before
                             and reader.focus.getRoleName() == 'table row' else None)
    line = r'\w+: \d+ games?, \d+ wins?, \d+ % won, average score \d+\.\d, best score \d+'
    check(re.fullmatch(line, reader.name(player)), f'a row of Players says “{reader.name(player)}”')
    check(reader.description(player) == 'Enter opens the player’s profile.',
          f'a row of Players says what Enter does as “{reader.description(player)}”')
    step(f'Players: “{reader.name(player)}”')
    stops = check_ring(reader, 'Players')
    check(all(re.fullmatch(line, reader.name(acc)) for _, acc in stops if acc.getRoleName() == 'table row'),
          'a row of Players does not say its line')

    # Enter opens the profile; its games and opponents say more than their title.
    reader.tab_to('the table of Players', lambda acc: acc.getRoleName() == 'table row')
    reader.key(RETURN)
    reader.wait_for('the profile', lambda: reader.focus is not None and reader.focus.getRoleName() != 'table row')
    stops = check_ring(reader, 'a profile')
    rows = [acc for _, acc in stops if acc.getRoleName() == 'list item']
    check(any(re.fullmatch(r'place \d of \d, \d+ points?', reader.description(acc)) for acc in rows),
          f'the profile’s games do not say place and points: {[reader.describe(acc) for acc in rows]}')
    check(any(re.fullmatch(r'\d+ games? together: ahead in \d+, behind in \d+, level in \d+', reader.description(acc))
              for acc in rows), f'the profile’s opponents do not say the games together: '
          f'{[reader.describe(acc) for acc in rows]}')
    # Two charts, each with its Show as Table: each button says which chart it is for.
    tables = [reader.description(acc) for _, acc in stops if reader.name(acc) == 'Show as Table']
    check(len(tables) == 2 and all(tables) and len(set(tables)) == 2,
          f'the profile’s Show as Table buttons say {tables}')


def check_ring(reader, what):
    """Tab comes back where it began, Shift+Tab walks the same stops backwards, and every stop
    says a name: not empty, not GTK's class name, no mnemonic underscore."""
    forward = reader.walk_ring()
    backward = reader.walk_ring(backwards=True)
    ring = [reader.describe(acc) for _, acc in forward]
    step(f'{what}: Tab goes round {len(forward)} stops: {ring}')
    check(len(backward) == len(forward) and all(backward[i][0] == forward[len(forward) - 2 - i][0]
                                                for i in range(len(forward) - 1)),
          f'{what}: Shift+Tab is not Tab backwards: Tab {ring}; '
          f'Shift+Tab {[reader.describe(acc) for _, acc in backward]}')
    for _, acc in forward + backward:
        said = reader.name(acc)
        check(said and not re.match(r'^(Gtk|Adw|Tessera)[A-Z]', said) and '_' not in said,
              f'{what}: a Tab stop a screen reader cannot name: {reader.describe(acc)}')
    return forward


def go_to_tile(reader, board, x, y):
    """Arrow keys towards the tile at @x, @y, by where the board says the cursor is (on a tile,
    or with the table aids on a hole too)."""
    for _ in range(10):
        said = re.match(r'(?:Tile \S+ at|Cell) (-?\d+), (-?\d+):', reader.description(board))
        check(said is not None, f'the board says “{reader.description(board)}” between turns')
        at = int(said.group(1)), int(said.group(2))
        if at == (x, y):
            return
        reader.key(UP if at[1] > y else DOWN if at[1] < y else LEFT if at[0] > x else RIGHT)
        reader.wait_for('the cursor to move', lambda: not reader.description(board).startswith(said.group(0)), timeout=5)
    raise Failure(f'the arrows did not reach tile {x}, {y}: the board says “{reader.description(board)}”')


def stop(app):
    app.terminate()
    try:
        app.wait(10)
    except subprocess.TimeoutExpired:
        app.kill()


def inner():
    app_path = os.environ['TESSERA_APP']
    scratch = tempfile.mkdtemp(prefix='tessera-a11y-')
    env = dict(os.environ)
    # The accessibility bridge on, and a history and settings of its own.
    env.pop('NO_AT_BRIDGE', None)
    env.update(GTK_A11Y='atspi', XDG_DATA_HOME=os.path.join(scratch, 'data'),
               XDG_CONFIG_HOME=os.path.join(scratch, 'config'), XDG_CACHE_HOME=os.path.join(scratch, 'cache'),
               GSETTINGS_BACKEND='memory', ADW_DISABLE_PORTAL='1', LANGUAGE='', LC_ALL='C.UTF-8')
    app = subprocess.Popen([app_path], env=env)
    try:
        reader = ScreenReader(app.pid)
        play_a_turn(reader)
        # Again over finished games too, the history of the first run kept.
        stop(app)
        history = os.path.join(scratch, 'data', 'tessera', 'history.db')
        records = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'records', 'base')
        subprocess.run([os.environ['TESSERA_CLI'], 'import', f'--db={history}',
                        os.path.join(records, 'e08-final-road-3.json'),
                        os.path.join(records, 'e09-final-cloister-5.json')], check=True, env=env)
        app = subprocess.Popen([app_path], env=env)
        reader.follow(app.pid)
        read_the_history(reader)
    except Failure as failure:
        print(f'FAIL: {failure}', flush=True)
        return 1
    finally:
        stop(app)
        shutil.rmtree(scratch, ignore_errors=True)
    step('passed')
    return 0


if __name__ == '__main__':
    if sys.argv[1:] == ['--inner']:
        sys.exit(inner())
    outer()
