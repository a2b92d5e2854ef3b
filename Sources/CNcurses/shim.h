// The C side of proptui's ncurses use.
//
// SwiftPM drops the defines pkg-config would pass, so the wide-character API is
// switched on here, before the header. Swift cannot import function-like macros
// (A_*, ACS_*, getmaxyx) and, in Swift 6 mode, rejects the mutable globals
// (stdscr, LINES, COLS) as not concurrency-safe; each is wrapped in a static
// inline function that Swift can call.
#ifndef PROPTUI_CNCURSES_SHIM_H
#define PROPTUI_CNCURSES_SHIM_H

#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>

// Globals.
static inline WINDOW *proptui_stdscr(void) { return stdscr; }
static inline int proptui_lines(void) { return LINES; }
static inline int proptui_cols(void) { return COLS; }
static inline int proptui_maxy(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int proptui_maxx(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }

// Attributes.
static inline attr_t proptui_a_normal(void) { return A_NORMAL; }
static inline attr_t proptui_a_bold(void) { return A_BOLD; }
static inline attr_t proptui_a_dim(void) { return A_DIM; }
static inline attr_t proptui_a_reverse(void) { return A_REVERSE; }
static inline attr_t proptui_a_underline(void) { return A_UNDERLINE; }
static inline attr_t proptui_a_italic(void) { return A_ITALIC; }
static inline attr_t proptui_color_pair(short pair) { return (attr_t)COLOR_PAIR(pair); }

// Line-drawing characters (ACS_* index the acs_map array through a macro).
static inline chtype proptui_acs_hline(void) { return ACS_HLINE; }
static inline chtype proptui_acs_vline(void) { return ACS_VLINE; }

// Column width of one wide character; glibc's wcwidth is not exported by Swift's Glibc module.
static inline int proptui_wcwidth(wchar_t c) { return wcwidth(c); }

// Draws one cell: a grapheme cluster given as wide characters, with attributes and a colour pair.
static inline int proptui_mvadd_cell(WINDOW *w, int y, int x, const wchar_t *text, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(w, y, x, &cell);
}

// The most wide characters one cell holds (a spacing character and its combining marks, joiners).
static inline int proptui_cchar_max(void) { return CCHARW_MAX; }

// Function keys: KEY_F(n) is a function-like macro.
static inline int proptui_key_f(int n) { return KEY_F(n); }

// Bracketed paste (xterm's mode 2004): the terminal wraps pasted text in ESC[200~ … ESC[201~.
// Curses knows no key for these; `define_key` binds them to two codes above every curses key.
#define PROPTUI_KEY_PASTE_START (KEY_MAX + 1)
#define PROPTUI_KEY_PASTE_END (KEY_MAX + 2)
static inline int proptui_key_paste_start(void) { return PROPTUI_KEY_PASTE_START; }
static inline int proptui_key_paste_end(void) { return PROPTUI_KEY_PASTE_END; }
static inline void proptui_define_paste_keys(void) {
    define_key("\033[200~", PROPTUI_KEY_PASTE_START);
    define_key("\033[201~", PROPTUI_KEY_PASTE_END);
}

// The terminal's size in lines and columns; ioctl is variadic and does not import.
static inline int proptui_window_size(int fd, int *out_lines, int *out_columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *out_lines = size.ws_row;
    *out_columns = size.ws_col;
    return 0;
}

// A terminfo string capability, or NULL when the terminal has none (tigetstr answers (char *)-1 or 0).
static inline const char *proptui_terminfo_string(const char *name) {
    char *value = tigetstr((char *)name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

#endif
