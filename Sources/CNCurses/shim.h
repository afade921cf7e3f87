#ifndef OFFSTAGE_CNCURSES_SHIM_H
#define OFFSTAGE_CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>

/// Globals and macros that Swift 6 cannot import, as functions.
static inline WINDOW *offstage_stdscr(void) { return stdscr; }
static inline int offstage_lines(void) { return LINES; }
static inline int offstage_cols(void) { return COLS; }
static inline attr_t offstage_a_bold(void) { return A_BOLD; }
static inline attr_t offstage_a_dim(void) { return A_DIM; }
static inline attr_t offstage_a_reverse(void) { return A_REVERSE; }
static inline attr_t offstage_a_underline(void) { return A_UNDERLINE; }
static inline attr_t offstage_color_pair(short pair) { return COLOR_PAIR(pair); }
static inline int offstage_key_resize(void) { return KEY_RESIZE; }
#endif
