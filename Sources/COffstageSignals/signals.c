#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include "offstage_signals.h"
/* ------------------------------------------------------------------------------------------------------------
 * Stop signals on one thread.
 *
 * libdispatch's signal sources on Linux see a signal only when every thread blocks it, and a signal set to
 * SIG_IGN meanwhile is discarded: a process whose threads did not all block it ignored SIGTERM now and then.
 * Here the signals are blocked from the start of main (every later thread inherits the mask) and taken with
 * sigwaitinfo on one thread; a forwarding handler (never SIG_IGN) covers any thread that does not block them.
 * ---------------------------------------------------------------------------------------------------------- */

static const int offstage_signals_stopping[] = {SIGINT, SIGTERM, SIGHUP};
#define OFFSTAGE_SIGNALS_COUNT ((int)(sizeof offstage_signals_stopping / sizeof offstage_signals_stopping[0]))

/// The routing's state: written once under `lock` before the handlers exist, read by them afterwards.
struct offstage_signals_state {
    pthread_mutex_t lock;
    int started;                     /* route() has run */
    sigset_t routed;                 /* the signals routed */
    pthread_t receiver;              /* the thread that takes them */
    volatile sig_atomic_t ready;     /* `receiver` is set */
    offstage_signals_deliver deliver;
};

/// The one state (a function-level static, as in trap.c).
static struct offstage_signals_state *offstage_signals(void) {
    static struct offstage_signals_state state = {PTHREAD_MUTEX_INITIALIZER, 0, {{0}}, 0, 0, NULL};
    return &state;
}

/// The forwarding handler: a thread that does not block the signal got it; hand it to the receiving thread
/// (pthread_kill is async-signal-safe), where it waits in sigwaitinfo.
static void offstage_signals_forward(int sig) {
    int saved = errno;
    if (offstage_signals()->ready) pthread_kill(offstage_signals()->receiver, sig);
    errno = saved;
}

/// The receiving thread: takes each routed signal and delivers it. Runs for the life of the process.
static void *offstage_signals_receive(void *unused) {
    (void)unused;
    pthread_setname_np(pthread_self(), "offstage.signal");
    for (;;) {
        siginfo_t info;
        int sig = sigwaitinfo(&offstage_signals()->routed, &info);
        if (sig < 0) continue; /* EINTR (a stop and continue) */
        offstage_signals()->deliver(sig);
    }
    return NULL;
}

int offstage_signals_route(offstage_signals_deliver deliver, int block_caller) {
    struct offstage_signals_state *state = offstage_signals();
    pthread_mutex_lock(&state->lock);
    if (state->started) {
        pthread_mutex_unlock(&state->lock);
        return 0;
    }
    sigemptyset(&state->routed);
    for (int i = 0; i < OFFSTAGE_SIGNALS_COUNT; ++i) {
        int sig = offstage_signals_stopping[i];
        struct sigaction current;
        if (sigaction(sig, NULL, &current) != 0) continue;
        /* nohup's HUP stays ignored: the user asked for it. INT and TERM are routed even when inherited ignored (a
         * shell without job control starts a background job with INT ignored): a stop request always stops. */
        if (sig == SIGHUP && !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) continue;
        sigaddset(&state->routed, sig);
    }
    /* Blocked here first, so the receiving thread (and, blocking the caller, every thread started later) inherits
     * the block. */
    sigset_t previous;
    pthread_sigmask(SIG_BLOCK, &state->routed, &previous);
    state->deliver = deliver;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    int failed = pthread_create(&state->receiver, &attributes, offstage_signals_receive, NULL);
    pthread_attr_destroy(&attributes);
    if (!block_caller || failed != 0) pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (failed != 0) {
        sigemptyset(&state->routed);
        pthread_mutex_unlock(&state->lock);
        return failed;
    }
    state->ready = 1;
    for (int i = 0; i < OFFSTAGE_SIGNALS_COUNT; ++i) {
        int sig = offstage_signals_stopping[i];
        if (!sigismember(&state->routed, sig)) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        sigemptyset(&action.sa_mask);
        action.sa_handler = offstage_signals_forward;
        action.sa_flags = SA_RESTART;
        sigaction(sig, &action, NULL);
    }
    state->started = 1;
    pthread_mutex_unlock(&state->lock);
    return 0;
}

int offstage_signals_is_routed(int sig) {
    struct offstage_signals_state *state = offstage_signals();
    pthread_mutex_lock(&state->lock);
    int routed = state->started && sigismember(&state->routed, sig) == 1;
    pthread_mutex_unlock(&state->lock);
    return routed;
}

void offstage_signals_end_by(int sig) {
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    sigemptyset(&standard.sa_mask);
    standard.sa_handler = SIG_DFL;
    sigaction(sig, &standard, NULL);
    sigset_t one;
    sigemptyset(&one);
    sigaddset(&one, sig);
    pthread_sigmask(SIG_UNBLOCK, &one, NULL);
    raise(sig);
}

void offstage_signals_unblock_all(sigset_t *previous) {
    sigset_t none;
    sigemptyset(&none);
    pthread_sigmask(SIG_SETMASK, &none, previous);
}

void offstage_signals_restore_mask(const sigset_t *previous) { pthread_sigmask(SIG_SETMASK, previous, NULL); }
