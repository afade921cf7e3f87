#ifndef OFFSTAGE_CNCURSES_SHIM_H
#define OFFSTAGE_CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* ------------------------------------------------------------------------------------------------------------
 * Globals and macros that Swift 6 cannot import (shared mutable state, function-like macros), as functions.
 * These hold no state of their own: any Swift file or module may call them.
 * ---------------------------------------------------------------------------------------------------------- */

/// The current screen's standard window.
static inline WINDOW *offstage_stdscr(void) { return stdscr; }
/// ncurses' idea of what the terminal shows.
static inline WINDOW *offstage_curscr(void) { return curscr; }
/// Rows of the current screen.
static inline int offstage_lines(void) { return LINES; }
/// Columns of the current screen.
static inline int offstage_cols(void) { return COLS; }
/// Colours the terminal has (after start_color).
static inline int offstage_colors(void) { return COLORS; }
/* From term.h, which is not included: its capability macros (`lines`, `columns`, …) would shadow names. */
struct term;
extern int setupterm(const char *, int, int *);
extern struct term *set_curterm(struct term *);
extern int del_curterm(struct term *);
/// What terminfo says of terminal type `type` on `fd`, without writing to it: 0 a screen can be drawn on it, 1 the
/// type is unknown, 2 it cannot move the cursor to a cell (terminfo's `cup`: `dumb` and its like).
static inline int offstage_terminal_kind(const char *type, int fd) {
    int error = 0;
    struct term *previous = set_curterm(NULL);
    if (setupterm(type, fd, &error) != OK) {
        set_curterm(previous);
        return 1;
    }
    char *move = tigetstr("cup");
    int kind = (move == NULL || move == (char *)-1) ? 2 : 0;
    del_curterm(set_curterm(previous));
    return kind;
}
/// Colour pairs the terminal has (after start_color).
static inline int offstage_color_pairs(void) { return COLOR_PAIRS; }
/// ncurses' error result.
static inline int offstage_err(void) { return ERR; }
/// ncurses' success result.
static inline int offstage_ok(void) { return OK; }

static inline attr_t offstage_a_normal(void) { return A_NORMAL; }
static inline attr_t offstage_a_bold(void) { return A_BOLD; }
static inline attr_t offstage_a_dim(void) { return A_DIM; }
static inline attr_t offstage_a_reverse(void) { return A_REVERSE; }
static inline attr_t offstage_a_underline(void) { return A_UNDERLINE; }
/// The attribute bits that are not a colour pair or a character.
static inline attr_t offstage_a_attributes(void) { return A_ATTRIBUTES & ~A_COLOR; }
static inline attr_t offstage_color_pair(short pair) { return COLOR_PAIR(pair); }

/// wget_wch's result for a function key (KEY_* code) rather than a character.
static inline int offstage_key_code_yes(void) { return KEY_CODE_YES; }
static inline int offstage_key_resize(void) { return KEY_RESIZE; }
static inline int offstage_key_mouse(void) { return KEY_MOUSE; }
static inline int offstage_key_enter(void) { return KEY_ENTER; }
static inline int offstage_key_btab(void) { return KEY_BTAB; }
static inline int offstage_key_backspace(void) { return KEY_BACKSPACE; }
static inline int offstage_key_dc(void) { return KEY_DC; }
static inline int offstage_key_up(void) { return KEY_UP; }
static inline int offstage_key_down(void) { return KEY_DOWN; }
static inline int offstage_key_left(void) { return KEY_LEFT; }
static inline int offstage_key_right(void) { return KEY_RIGHT; }
static inline int offstage_key_ppage(void) { return KEY_PPAGE; }
static inline int offstage_key_npage(void) { return KEY_NPAGE; }
static inline int offstage_key_home(void) { return KEY_HOME; }
static inline int offstage_key_end(void) { return KEY_END; }
static inline int offstage_key_f(int n) { return KEY_F(n); }
/// The codes the adapter gives bracketed paste's markers (`ESC[200~`, `ESC[201~`) with define_key: far above the
/// extended keys ncurses numbers from KEY_MAX + 1 for terminfo's user-defined key capabilities.
static inline int offstage_key_paste_begin(void) { return KEY_MAX + 0x200; }
static inline int offstage_key_paste_end(void) { return KEY_MAX + 0x201; }

static inline mmask_t offstage_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t offstage_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t offstage_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t offstage_button5_pressed(void) { return BUTTON5_PRESSED; }

extern int wcwidth(wchar_t character);
/// The columns the C library (and so ncurses) gives a character in this locale: -1 unprintable.
static inline int offstage_wcwidth(wchar_t character) { return wcwidth(character); }

/// Whether the C library's locale codeset (LC_CTYPE) is UTF-8.
static inline int offstage_codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/// Sets a terminal's window size (TIOCSWINSZ); 0 or -1.
static inline int offstage_set_winsize(int fd, unsigned short rows, unsigned short cols) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = rows;
    size.ws_col = cols;
    return ioctl(fd, TIOCSWINSZ, &size);
}

/// Reads a terminal's window size (TIOCGWINSZ) into rows and cols; 0 or -1.
static inline int offstage_get_winsize(int fd, int *rows, int *cols) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

extern int posix_openpt(int flags);
extern int grantpt(int fd);
extern int unlockpt(int fd);
extern int ptsname_r(int fd, char *buffer, size_t length);
/// Opens a new pseudo-terminal pair (for tests that drive a terminal): the master non-blocking, neither one a
/// controlling terminal, both close-on-exec; 0, or -1 with errno.
static inline int offstage_open_pty(int *master, int *slave) {
    char name[128];
    int m = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (m < 0) return -1;
    if (grantpt(m) != 0 || unlockpt(m) != 0 || ptsname_r(m, name, sizeof name) != 0) {
        int saved = errno;
        close(m);
        errno = saved;
        return -1;
    }
    int s = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (s < 0) {
        int saved = errno;
        close(m);
        errno = saved;
        return -1;
    }
    fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK);
    *master = m;
    *slave = s;
    return 0;
}

#endif
