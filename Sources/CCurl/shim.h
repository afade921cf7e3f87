#ifndef OFFSTAGE_CCURL_SHIM_H
#define OFFSTAGE_CCURL_SHIM_H
#include <curl/curl.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

/// curl_easy_setopt and curl_easy_getinfo are variadic; Swift needs one typed wrapper per argument kind.
static inline CURLcode offstage_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode offstage_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode offstage_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode offstage_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode offstage_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode offstage_curl_setopt_write(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) { return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f); }
static inline CURLcode offstage_curl_setopt_header(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) { return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f); }
static inline CURLcode offstage_curl_setopt_read(CURL *h, size_t (*f)(char *, size_t, size_t, void *)) { return curl_easy_setopt(h, CURLOPT_READFUNCTION, f); }
static inline CURLcode offstage_curl_setopt_xferinfo(CURL *h, int (*f)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f); }
static inline CURLcode offstage_curl_setopt_debug(CURL *h, int (*f)(CURL *, curl_infotype, char *, size_t, void *)) { return curl_easy_setopt(h, CURLOPT_DEBUGFUNCTION, f); }
static inline CURLcode offstage_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode offstage_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode offstage_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode offstage_curl_getinfo_pointer(CURL *h, CURLINFO i, void **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLMcode offstage_curl_multi_setopt_long(CURLM *m, CURLMoption o, long v) { return curl_multi_setopt(m, o, v); }
/// The multi handle's event-driven interface: libcurl says which sockets to watch and when its timer is due.
static inline CURLMcode offstage_curl_multi_setopt_pointer(CURLM *m, CURLMoption o, void *v) { return curl_multi_setopt(m, o, v); }
static inline CURLMcode offstage_curl_multi_setopt_socketfunction(CURLM *m, int (*f)(CURL *, curl_socket_t, int, void *, void *)) { return curl_multi_setopt(m, CURLMOPT_SOCKETFUNCTION, f); }
static inline CURLMcode offstage_curl_multi_setopt_timerfunction(CURLM *m, int (*f)(CURLM *, long, void *)) { return curl_multi_setopt(m, CURLMOPT_TIMERFUNCTION, f); }
static inline curl_socket_t offstage_curl_socket_timeout(void) { return CURL_SOCKET_TIMEOUT; }
static inline CURLcode offstage_curl_global_init_default(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }
static inline size_t offstage_curl_read_abort(void) { return CURL_READFUNC_ABORT; }
/// What a write or read callback returns to pause its transfer (the same chunk comes again after the unpause).
static inline size_t offstage_curl_write_pause(void) { return CURL_WRITEFUNC_PAUSE; }
static inline size_t offstage_curl_read_pause(void) { return CURL_READFUNC_PAUSE; }
static inline CURLcode offstage_curl_unpause(CURL *h) { return curl_easy_pause(h, CURLPAUSE_CONT); }
/// Stops reading a download's socket until `offstage_curl_unpause` (allowed inside its write callback). Both directions
/// are paused (a download has sent its request by then): libcurl 7.88 answers a receive-only pause by scheduling the
/// handle at once with its socket marked readable, reads a whole buffer in spite of the pause and copies it aside
/// (a 512 KiB `malloc` and `memcpy` per pause); pausing both does neither.
static inline CURLcode offstage_curl_pause_receiving(CURL *h) { return curl_easy_pause(h, CURLPAUSE_ALL); }
static inline CURLcode offstage_curl_getinfo_socket(CURL *h, curl_socket_t *v) { return curl_easy_getinfo(h, CURLINFO_ACTIVESOCKET, v); }
static inline long offstage_curl_auth_basic(void) { return (long)CURLAUTH_BASIC; }
static inline size_t offstage_curl_error_size(void) { return CURL_ERROR_SIZE; }
/// Starts writeback of a written range without waiting for it (sync_file_range with SYNC_FILE_RANGE_WRITE),
/// so a later fdatasync finds little left to do. Declared here because glibc hides it behind _GNU_SOURCE.
extern int sync_file_range(int fd, long long offset, long long nbytes, unsigned int flags);
static inline int offstage_start_writeback(int fd, long long offset, long long length) { return sync_file_range(fd, offset, length, 2u); }
/// Allocates a file's blocks for `length` bytes from `offset` without changing its size (fallocate with
/// FALLOC_FL_KEEP_SIZE, 1), so writes into them need no allocation of their own. Declared here for the same reason.
extern int fallocate(int fd, int mode, long offset, long length);
static inline int offstage_preallocate(int fd, long long offset, long long length) { return fallocate(fd, 1, (long)offset, (long)length); }
/// The result code of a finished transfer: the union member of CURLMsg Swift cannot name reliably.
static inline CURLcode offstage_curl_msg_result(CURLMsg *m) { return m->data.result; }

/// epoll and eventfd for the engine thread's wait (the Glibc module includes neither header).
static inline int offstage_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }
/// Watches `fd` for reading and/or writing (level-triggered), adding it or changing what is watched.
static inline int offstage_epoll_watch(int epfd, int fd, int reading, int writing) {
    struct epoll_event event = {0};
    event.events = (reading ? EPOLLIN : 0) | (writing ? EPOLLOUT : 0);
    event.data.fd = fd;
    if (epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &event) == 0) return 0;
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &event);
}
static inline int offstage_epoll_forget(int epfd, int fd) { return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL); }
/// Waits up to `timeout` ms; writes each ready descriptor and its readiness as libcurl's CURL_CSELECT_* bits.
/// Returns how many (at most `capacity`, at most 256), 0 on timeout, -1 with errno.
static inline int offstage_epoll_wait(int epfd, int *fds, int *actions, int capacity, int timeout) {
    struct epoll_event events[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epfd, events, capacity, timeout);
    for (int i = 0; i < count; i++) {
        unsigned int e = events[i].events;
        fds[i] = events[i].data.fd;
        actions[i] = ((e & (EPOLLIN | EPOLLHUP | EPOLLRDHUP | EPOLLPRI)) ? CURL_CSELECT_IN : 0)
            | ((e & EPOLLOUT) ? CURL_CSELECT_OUT : 0) | ((e & EPOLLERR) ? CURL_CSELECT_ERR : 0);
    }
    return count;
}
static inline int offstage_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }
#endif
