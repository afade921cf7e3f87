#ifndef OFFSTAGE_SIGNALS_H
#define OFFSTAGE_SIGNALS_H
#include <signal.h>

/* The process's stop signals (INT, TERM, HUP) received on one dedicated thread (Sources/OffstageSignals is the
 * only caller). Every thread blocks them, so the kernel leaves them pending until that thread's sigwaitinfo takes
 * them; a thread that does not block them (one created before routing, or a spawn with an empty mask) runs a
 * forwarding handler that passes the signal to the receiving thread. None of them is ever set to SIG_IGN; INT and
 * TERM inherited as ignored are routed all the same (only nohup's HUP stays ignored). */

/// Called on the receiving thread with each signal taken.
typedef void (*offstage_signals_deliver)(int sig);

/// Routes INT, TERM and HUP (HUP only when not ignored: nohup's stays ignored): starts the receiving thread
/// ("offstage.signal"), which calls `deliver` with each one, and installs the forwarding handler; with `block_caller`
/// also blocks them in the calling thread, and so in every thread it creates later (main does this first).
/// Once per process; later calls do nothing. 0, or an errno value when the thread could not be started (nothing
/// is routed then).
int offstage_signals_route(offstage_signals_deliver deliver, int block_caller);

/// Whether `sig` is routed to the receiving thread.
int offstage_signals_is_routed(int sig);

/// Ends the process as `sig`'s default action does: the default action back, `sig` unblocked in the calling
/// thread, raised there. Returns only when `sig`'s default action does not end a process.
void offstage_signals_end_by(int sig);

/// Sets the calling thread's signal mask to empty, storing the previous one in `previous` (for a child process
/// about to be spawned, which inherits the mask).
void offstage_signals_unblock_all(sigset_t *previous);

/// Puts back a mask saved by offstage_signals_unblock_all.
void offstage_signals_restore_mask(const sigset_t *previous);

#endif
