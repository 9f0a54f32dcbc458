// The parts of libwebsockets Swift cannot import directly (macros with expressions, container_of),
// re-exported as static inline helpers. See ../../docs/SERVER.md and /work/shared/TOOLCHAIN.md.
#ifndef VEIL_CLIBWEBSOCKETS_SHIM_H
#define VEIL_CLIBWEBSOCKETS_SHIM_H

#include <libwebsockets.h>
#include <zlib.h>  /* gzip of the static files (zlib1g-dev comes with libwebsockets-dev) */

/// Bytes lws needs free in front of every payload given to lws_write.
static inline int veil_lws_pre(void) { return LWS_PRE; }

/// Context options the server sets (the macros are 64-bit shifts Swift does not import).
static inline uint64_t veil_lws_option_validate_utf8(void) { return LWS_SERVER_OPTION_VALIDATE_UTF8; }
static inline uint64_t veil_lws_option_disable_ipv6(void) { return LWS_SERVER_OPTION_DISABLE_IPV6; }

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
