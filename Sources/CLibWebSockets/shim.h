// The parts of libwebsockets Swift cannot import directly (macros with expressions, container_of),
// re-exported as static inline helpers. See ../../docs/SERVER.md and /work/shared/TOOLCHAIN.md.
#ifndef VEIL_CLIBWEBSOCKETS_SHIM_H
#define VEIL_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>
#include <zlib.h>  /* gzip of the static files (zlib1g-dev comes with libwebsockets-dev) */
#include <brotli/encode.h>  /* Brotli of the static files (libbrotli-dev) */
#include <ev.h>    /* the service thread's event loop (libev-dev comes with libwebsockets-dev) */

/// Bytes lws needs free in front of every payload given to lws_write.
static inline int veil_lws_pre(void) { return LWS_PRE; }

/// Context options the server sets (the macros are 64-bit shifts Swift does not import).
static inline uint64_t veil_lws_option_validate_utf8(void) { return LWS_SERVER_OPTION_VALIDATE_UTF8; }
static inline uint64_t veil_lws_option_disable_ipv6(void) { return LWS_SERVER_OPTION_DISABLE_IPV6; }
static inline uint64_t veil_lws_option_libev(void) { return LWS_SERVER_OPTION_LIBEV; }

/// The service thread's libev loop (epoll on Linux), given to lws as a foreign loop so that the
/// server runs it one pass at a time (`veil_ev_run_once`) and can stop between passes. lws 4.1's
/// own poll() loop scans every socket on each pass; epoll reports only the ready ones.
static inline void *veil_ev_loop_new(void) { return ev_loop_new(EVFLAG_AUTO | EVFLAG_NOSIGMASK); }
/// Waits for at least one event (a socket, lws' timer, lws_cancel_service) and handles what is ready.
static inline void veil_ev_run_once(void *loop) { ev_run((struct ev_loop *)loop, EVRUN_ONCE); }
static inline void veil_ev_loop_destroy(void *loop) { ev_loop_destroy((struct ev_loop *)loop); }
/// "epoll", "poll", "select", …: the backend libev chose.
static inline const char *veil_ev_backend_name(void *loop) {
    switch (ev_backend((struct ev_loop *)loop)) {
    case EVBACKEND_EPOLL: return "epoll";
    case EVBACKEND_POLL: return "poll";
    case EVBACKEND_SELECT: return "select";
    default: return "other";
    }
}

/// A timer that knows its owner: lws calls back with the embedded sul, container_of finds the rest.
struct veil_timer {
    lws_sorted_usec_list_t sul;
    void *owner;
};

static inline void *veil_timer_owner(lws_sorted_usec_list_t *sul) {
    return lws_container_of(sul, struct veil_timer, sul)->owner;
}

static inline lws_sorted_usec_list_t *veil_timer_sul(struct veil_timer *timer) {
    return &timer->sul;
}

#endif
