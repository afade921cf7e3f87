#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "offstage_trap.h"
/* ------------------------------------------------------------------------------------------------------------
 * The signal trap: process-wide state behind async-signal-safe handlers.
 *
 * The state below is one `static` in this one C file, so the whole process has exactly one copy of it (a header
 * of `static inline` functions gave every object file that emitted them a copy of its own: with whole-module
 * optimisation the handlers and the loop's poll() then looked at different pipes).
 *
 * - A self-pipe, created once and never closed, wakes the terminal's poll(): a 0 byte for wake(), the signal
 *   number for a signal. Which signals came is kept in flags, so a full pipe loses nothing.
 * - TSTP, CONT and WINCH only set a flag and write to the pipe (WINCH first chains to the handler that was there
 *   before: ncurses' own, which makes wget_wch return KEY_RESIZE).
 * - INT, TERM and HUP are not caught here: the process receives them on one thread (Sources/COffstageSignals),
 *   and the terminal, subscribed there, notes them with offstage_trap_note_signal the same way.
 * - SEGV, BUS, ILL, FPE, ABRT, TRAP, QUIT and SYS restore the terminal with tcsetattr and write(2) only; then a
 *   fault returns to its instruction with the previous action back (Swift's backtracer sees the real fault), and
 *   anything else is re-raised with the default action.
 * ---------------------------------------------------------------------------------------------------------- */

#define OFFSTAGE_TRAP_SLOTS 65
/// Everything the trap keeps between calls and handlers.
struct offstage_trap_state {
    int pipe[2];                                            /* the self-pipe */
    volatile sig_atomic_t flags[OFFSTAGE_TRAP_SLOTS];       /* which signals came */
    struct sigaction original[OFFSTAGE_TRAP_SLOTS];         /* actions before newterm */
    struct sigaction previous[OFFSTAGE_TRAP_SLOTS];         /* actions just before the trap's own */
    volatile sig_atomic_t caught[OFFSTAGE_TRAP_SLOTS];      /* which signals the trap catches */
    struct termios shell_modes;                             /* what a crash writes back */
    volatile sig_atomic_t tty_in;
    volatile sig_atomic_t tty_out;
    volatile sig_atomic_t active;                           /* a terminal is open */
    int exit_registered;
};

/// The one state (a function-level static: Swift's importer emits it with the function, which it does not do
/// for file-level static arrays).
static struct offstage_trap_state *offstage_trap(void) {
    static struct offstage_trap_state state = {{-1, -1}, {0}, {{{0}}}, {{{0}}}, {0}, {0}, -1, -1, 0, 0};
    return &state;
}

static const int offstage_trap_noted[] = {SIGTSTP, SIGCONT, SIGWINCH};
static const int offstage_trap_fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT, SIGSYS};
#define OFFSTAGE_TRAP_COUNT(array) ((int)(sizeof(array) / sizeof((array)[0])))

/// Creates the self-pipe once (non-blocking, close-on-exec); 0, or -1 with errno.
int offstage_trap_open_pipe(void) {
    if (offstage_trap()->pipe[0] >= 0) return 0;
    int fds[2];
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; ++i) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    offstage_trap()->pipe[0] = fds[0];
    offstage_trap()->pipe[1] = fds[1];
    return 0;
}

/// The pipe's read end (-1 before offstage_trap_open_pipe).
int offstage_trap_read_fd(void) { return offstage_trap()->pipe[0]; }

/// Writes one byte to the pipe; async-signal-safe, callable from any thread.
void offstage_trap_poke(unsigned char byte) {
    int fd = offstage_trap()->pipe[1];
    if (fd < 0) return;
    ssize_t written = write(fd, &byte, 1);
    (void)written; /* a full pipe is already readable */
}

/// Reads and discards everything in the pipe; whether anything was there.
int offstage_trap_drain(void) {
    int fd = offstage_trap()->pipe[0];
    int any = 0;
    unsigned char buffer[256];
    if (fd < 0) return 0;
    for (;;) {
        ssize_t got = read(fd, buffer, sizeof buffer);
        if (got > 0) { any = 1; continue; }
        if (got < 0 && errno == EINTR) continue;
        break;
    }
    return any;
}

/// Whether `sig` came since the last call (clears it).
int offstage_trap_take(int sig) {
    if (sig <= 0 || sig >= OFFSTAGE_TRAP_SLOTS) return 0;
    return __atomic_exchange_n(&offstage_trap()->flags[sig], 0, __ATOMIC_SEQ_CST) != 0;
}

/// Puts the terminal back as the shell had it: async-signal-safe (tcsetattr, write).
static void offstage_trap_restore_tty(void) {
    if (!offstage_trap()->active) return;
    offstage_trap()->active = 0;
    static const char reset[] =
        "\033[?2004l\033[?1000l\033[?1002l\033[?1006l\033[?1l\033>\033[0m\033[?1049l\033[?25h\r\n";
    int out = offstage_trap()->tty_out;
    int in = offstage_trap()->tty_in;
    if (out >= 0) {
        ssize_t written = write(out, reset, sizeof reset - 1);
        (void)written;
    }
    if (in >= 0) tcsetattr(in, TCSAFLUSH, &offstage_trap()->shell_modes);
}

static void offstage_trap_chain(int sig, siginfo_t *info, void *context) {
    struct sigaction *previous = &offstage_trap()->previous[sig];
    if (previous->sa_flags & SA_SIGINFO) {
        if (previous->sa_sigaction != NULL) previous->sa_sigaction(sig, info, context);
    } else if (previous->sa_handler != SIG_DFL && previous->sa_handler != SIG_IGN && previous->sa_handler != NULL) {
        previous->sa_handler(sig);
    }
}

/// Notes `sig` and wakes the loop; async-signal-safe.
void offstage_trap_note_signal(int sig) {
    int saved = errno;
    if (sig > 0 && sig < OFFSTAGE_TRAP_SLOTS) offstage_trap()->flags[sig] = 1;
    offstage_trap_poke((unsigned char)sig);
    errno = saved;
}

/// Handler for TSTP, CONT, WINCH: note it and wake the loop.
static void offstage_trap_note(int sig, siginfo_t *info, void *context) {
    if (sig == SIGWINCH) offstage_trap_chain(sig, info, context); /* first: ncurses knows before the loop wakes */
    offstage_trap_note_signal(sig);
}

/// Whether `info` is a fault the kernel raised at an instruction that runs again when the handler returns
/// (so the previous handler, e.g. Swift's backtracer, then sees the real fault).
static int offstage_trap_refaults(int sig, const siginfo_t *info) {
    if (info == NULL || info->si_code <= 0) return 0; /* sent by kill, raise, abort */
#if defined(__aarch64__)
    if (sig == SIGTRAP) return 1; /* brk leaves the PC on itself */
#endif
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE;
}

/// Handler for a crash: restore the terminal, then end as the signal would. A fault at an instruction returns to
/// it with the previous action back in place (default if there was none); any other crash signal is re-raised
/// with the default action (delivered as soon as this handler returns).
static void offstage_trap_fatal_handler(int sig, siginfo_t *info, void *context) {
    (void)context;
    offstage_trap_restore_tty();
    struct sigaction next = offstage_trap()->previous[sig];
    int refaults = offstage_trap_refaults(sig, info);
    if (!refaults || (!(next.sa_flags & SA_SIGINFO) && next.sa_handler == SIG_IGN)) {
        memset(&next, 0, sizeof next);
        next.sa_handler = SIG_DFL;
    }
    sigaction(sig, &next, NULL);
    offstage_trap()->caught[sig] = 0;
    if (!refaults) raise(sig);
}

static void offstage_trap_at_exit(void) { offstage_trap_restore_tty(); }

/// Saves the actions in place now (call BEFORE newterm, which adds ncurses' own); offstage_trap_remove puts
/// these back.
void offstage_trap_snapshot(void) {
    for (int i = 0; i < OFFSTAGE_TRAP_COUNT(offstage_trap_noted); ++i) {
        int sig = offstage_trap_noted[i];
        sigaction(sig, NULL, &offstage_trap()->original[sig]);
    }
    for (int i = 0; i < OFFSTAGE_TRAP_COUNT(offstage_trap_fatal); ++i) {
        int sig = offstage_trap_fatal[i];
        sigaction(sig, NULL, &offstage_trap()->original[sig]);
    }
}

static void offstage_trap_catch(int sig, void (*handler)(int, siginfo_t *, void *), int skip_ignored) {
    struct sigaction action;
    sigaction(sig, NULL, &offstage_trap()->previous[sig]);
    if (skip_ignored && !(offstage_trap()->previous[sig].sa_flags & SA_SIGINFO)
        && offstage_trap()->previous[sig].sa_handler == SIG_IGN) {
        return; /* e.g. HUP under nohup, TSTP without job control: leave it ignored */
    }
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_sigaction = handler;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | (handler == offstage_trap_note ? SA_RESTART : 0);
    if (sigaction(sig, &action, NULL) == 0) offstage_trap()->caught[sig] = 1;
}

/// Installs the handlers (call AFTER newterm) for a terminal on tty_in/tty_out whose shell modes are
/// `shell_modes`; a crash from now on writes those modes back.
void offstage_trap_install(int tty_in, int tty_out, const struct termios *shell_modes) {
    offstage_trap()->shell_modes = *shell_modes;
    offstage_trap()->tty_in = tty_in;
    offstage_trap()->tty_out = tty_out;
    for (int sig = 0; sig < OFFSTAGE_TRAP_SLOTS; ++sig) offstage_trap()->flags[sig] = 0;
    offstage_trap()->active = 1;
    if (!offstage_trap()->exit_registered) {
        offstage_trap()->exit_registered = 1;
        atexit(offstage_trap_at_exit);
    }
    for (int i = 0; i < OFFSTAGE_TRAP_COUNT(offstage_trap_noted); ++i) {
        int sig = offstage_trap_noted[i];
        int keep_ignored = sig == SIGTSTP;
        offstage_trap_catch(sig, offstage_trap_note, keep_ignored);
    }
    for (int i = 0; i < OFFSTAGE_TRAP_COUNT(offstage_trap_fatal); ++i) {
        offstage_trap_catch(offstage_trap_fatal[i], offstage_trap_fatal_handler, 0);
    }
}

/// Takes the handlers out again: the actions from before newterm come back (ncurses' SIGWINCH handler, which
/// ncurses installs only once per process, stays).
void offstage_trap_remove(void) {
    offstage_trap()->active = 0;
    for (int i = 0; i < OFFSTAGE_TRAP_COUNT(offstage_trap_noted); ++i) {
        int sig = offstage_trap_noted[i];
        if (!offstage_trap()->caught[sig]) continue;
        sigaction(sig, sig == SIGWINCH ? &offstage_trap()->previous[sig] : &offstage_trap()->original[sig], NULL);
        offstage_trap()->caught[sig] = 0;
    }
    for (int i = 0; i < OFFSTAGE_TRAP_COUNT(offstage_trap_fatal); ++i) {
        int sig = offstage_trap_fatal[i];
        if (!offstage_trap()->caught[sig]) continue;
        sigaction(sig, &offstage_trap()->original[sig], NULL);
        offstage_trap()->caught[sig] = 0;
    }
}

/// Stops the process as SIGTSTP's default would (the caller has already left curses mode), and puts the
/// TSTP handler back once continued.
void offstage_trap_stop_self(void) {
    struct sigaction standard, current;
    sigset_t tstp, old;
    memset(&standard, 0, sizeof standard);
    sigemptyset(&standard.sa_mask);
    standard.sa_handler = SIG_DFL;
    sigaction(SIGTSTP, &standard, &current);
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &tstp, &old);
    raise(SIGTSTP); /* stops here until SIGCONT */
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    sigaction(SIGTSTP, &current, NULL);
}

/// Whether this trap's handler is the action for `sig` now.
int offstage_trap_is_catching(int sig) {
    struct sigaction current;
    if (sig <= 0 || sig >= OFFSTAGE_TRAP_SLOTS || !offstage_trap()->caught[sig]) return 0;
    if (sigaction(sig, NULL, &current) != 0 || !(current.sa_flags & SA_SIGINFO)) return 0;
    return current.sa_sigaction == offstage_trap_note || current.sa_sigaction == offstage_trap_fatal_handler;
}
