#ifndef OFFSTAGE_TRAP_H
#define OFFSTAGE_TRAP_H
#include <signal.h>
#include <termios.h>

/* The signal trap of the terminal adapter (Sources/OffstageTerminal/SignalTrap.swift is its only caller): a
 * self-pipe that wakes the terminal's poll(), async-signal-safe handlers that note TSTP, CONT and WINCH (INT, TERM
 * and HUP come from the process's signal thread, through offstage_trap_note_signal), and crash handlers that
 * restore the terminal. One state for the process, in trap.c. */

/// Creates the self-pipe once (non-blocking, close-on-exec); 0, or -1 with errno.
int offstage_trap_open_pipe(void);

/// The pipe's read end (-1 before offstage_trap_open_pipe).
int offstage_trap_read_fd(void);

/// Writes one byte to the pipe; async-signal-safe, callable from any thread.
void offstage_trap_poke(unsigned char byte);

/// Reads and discards everything in the pipe; whether anything was there.
int offstage_trap_drain(void);

/// Notes that `sig` came and wakes the poll (as the handlers do); async-signal-safe, any thread.
void offstage_trap_note_signal(int sig);

/// Whether `sig` came since the last call (clears it).
int offstage_trap_take(int sig);

/// Saves the actions in place now (call BEFORE newterm, which adds ncurses' own); offstage_trap_remove puts
/// these back.
void offstage_trap_snapshot(void);

/// Installs the handlers (call AFTER newterm) for a terminal on tty_in/tty_out whose shell modes are
/// `shell_modes`; a crash from now on writes those modes back.
void offstage_trap_install(int tty_in, int tty_out, const struct termios *shell_modes);

/// Takes the handlers out again: the actions from before newterm come back (ncurses' SIGWINCH handler, which
/// ncurses installs only once per process, stays).
void offstage_trap_remove(void);

/// Stops the process as SIGTSTP's default would (the caller has already left curses mode), and puts the
/// TSTP handler back once continued.
void offstage_trap_stop_self(void);

/// Whether this trap's handler is the action for `sig` now.
int offstage_trap_is_catching(int sig);


#endif
