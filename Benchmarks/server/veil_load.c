// veil-load: a load generator for `veil serve` (mk/bench-server.mk), in C so that the client is not
// the bottleneck. Raw sockets on loopback, RFC 6455 by hand (no deflate), one epoll loop.
//
//   veil_load frames PORT PID SCENE CONNECTIONS SECONDS
//       Opens CONNECTIONS private sessions of SCENE, reads for SECONDS, and prints one line of
//       key=value figures: messages, the p50/p99 lateness of frames (gap between two messages of a
//       connection minus the 1/60 s period; -1 when no connection got two), the server's CPU per
//       session-second and per 1,000 messages (from
//       /proc/PID/stat; also split into user and system time: on loopback the system time of a
//       send includes the receiving side's TCP work) and its resident memory per session (VmRSS before and after connecting).
//       SCENE may carry more of the query: "skeleton&room=r" joins one shared room.
//       With VEIL_LOAD_DEFLATE=1 in the environment each connection offers permessage-deflate
//       (the messages are then counted, not inflated).
//   veil_load rtt PORT SCENE COUNT
//       On one session of a still SCENE: sends a resize COUNT times and times each until the
//       patch arrives; prints the p50/p99 round trip.
//   veil_load save PORT SCENE FILE COUNT
//       Watching SCENE (served from FILE): rewrites FILE COUNT times and times each save until
//       the patch arrives; prints the p50/p99 of save → patch.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double *v, size_t n, double p) {
    if (n == 0) return -1;
    qsort(v, n, sizeof *v, cmp_double);
    size_t i = (size_t)(p * (n - 1) + 0.5);
    return v[i];
}

static long rss_kb(int pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    long kb = 0;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) kb = strtol(line + 6, NULL, 10);
    fclose(f);
    return kb;
}

/// The process's user and system CPU so far, ms (/proc/PID/stat utime, stime).
static void cpu_split_ms(int pid, double *user, double *sys) {
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    *user = *sys = 0;
    FILE *f = fopen(path, "r");
    if (!f) return;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');
    unsigned long utime = 0, stime = 0;
    if (p) sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime);
    *user = utime * 1000.0 / sysconf(_SC_CLK_TCK);
    *sys = stime * 1000.0 / sysconf(_SC_CLK_TCK);
}

static double cpu_ms(int pid) {
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *p = strrchr(buf, ')');  // fields after the command name
    unsigned long utime = 0, stime = 0;
    if (p) sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime);
    return (utime + stime) * 1000.0 / sysconf(_SC_CLK_TCK);
}

/// Connects and upgrades; returns a blocking socket past the 101 answer, or -1.
static int ws_connect(int port, const char *scene) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) { close(fd); return -1; }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    char req[640];
    const char *deflate = getenv("VEIL_LOAD_DEFLATE");
    int len = snprintf(req, sizeof req,
        "GET /ws?scene=%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        "Sec-WebSocket-Protocol: veil.v2\r\n%s\r\n", scene, port,
        deflate && strcmp(deflate, "1") == 0 ? "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n" : "");
    if (write(fd, req, len) != len) { close(fd); return -1; }
    // Read the answer byte by byte up to its blank line, so no frame byte is consumed.
    char head[1024];
    size_t got = 0;
    while (got < sizeof head - 1) {
        if (read(fd, head + got, 1) != 1) { close(fd); return -1; }
        got++;
        if (got >= 4 && memcmp(head + got - 4, "\r\n\r\n", 4) == 0) break;
    }
    head[got] = 0;
    if (strncmp(head, "HTTP/1.1 101", 12) != 0) { close(fd); return -1; }
    return fd;
}

/// Sends one masked text frame (mask 0: the payload goes as is).
static void ws_send_text(int fd, const char *text) {
    size_t n = strlen(text);
    unsigned char frame[256];
    frame[0] = 0x81;
    frame[1] = 0x80 | (unsigned char)n;
    memset(frame + 2, 0, 4);
    memcpy(frame + 6, text, n);
    if (write(fd, frame, 6 + n) < 0) perror("write");
}

struct conn {
    int fd;
    unsigned char *buf;
    size_t len, cap;
    double last;  // arrival of its previous binary message, ms (0: none yet)
};

/// Parses whole frames in c->buf; for each binary message calls back with its arrival time.
static long consume(struct conn *c, double t, double *gaps, size_t *ngaps, size_t maxgaps, int count_gaps) {
    long messages = 0;
    size_t i = 0;
    while (c->len - i >= 2) {
        unsigned char b0 = c->buf[i], b1 = c->buf[i + 1];
        size_t hl = 2, pl = b1 & 0x7F;
        if (pl == 126) { if (c->len - i < 4) break; pl = (c->buf[i + 2] << 8) | c->buf[i + 3]; hl = 4; }
        else if (pl == 127) {
            if (c->len - i < 10) break;
            pl = 0;
            for (int k = 0; k < 8; k++) pl = (pl << 8) | c->buf[i + 2 + k];
            hl = 10;
        }
        if (c->len - i < hl + pl) break;
        if ((b0 & 0x0F) == 0x2) {
            messages++;
            if (count_gaps && c->last > 0 && *ngaps < maxgaps) gaps[(*ngaps)++] = t - c->last;
            c->last = t;
        }
        i += hl + pl;
    }
    memmove(c->buf, c->buf + i, c->len - i);
    c->len -= i;
    return messages;
}

static int frames(int port, int pid, const char *scene, int n, double seconds) {
    long rss_before = rss_kb(pid);
    struct conn *conns = calloc(n, sizeof *conns);
    int ep = epoll_create1(0);
    for (int k = 0; k < n; k++) {
        conns[k].fd = ws_connect(port, scene);
        if (conns[k].fd < 0) { fprintf(stderr, "veil_load: connection %d failed\n", k); return 1; }
        fcntl(conns[k].fd, F_SETFL, O_NONBLOCK);
        conns[k].cap = 1 << 16;
        conns[k].buf = malloc(conns[k].cap);
        struct epoll_event e = {.events = EPOLLIN, .data.u32 = k};
        epoll_ctl(ep, EPOLL_CTL_ADD, conns[k].fd, &e);
    }
    size_t maxgaps = (size_t)(n * seconds * 70) + 1000, ngaps = 0;
    double *gaps = malloc(maxgaps * sizeof *gaps);
    struct epoll_event events[256];
    // Settle for a second (keyframes, first ticks), then measure.
    double start = now_ms(), measure_from = start + 1000, end = measure_from + seconds * 1000;
    long messages = 0, rss_after = 0;
    double cpu_from = 0, user_from = 0, sys_from = 0;
    int measuring = 0;
    while (now_ms() < end) {
        int ready = epoll_wait(ep, events, 256, 10);
        double t = now_ms();
        if (!measuring && t >= measure_from) {
            measuring = 1;
            cpu_from = cpu_ms(pid);
            cpu_split_ms(pid, &user_from, &sys_from);
            rss_after = rss_kb(pid);
            for (int k = 0; k < n; k++) conns[k].last = 0;
        }
        for (int r = 0; r < ready; r++) {
            struct conn *c = &conns[events[r].data.u32];
            for (;;) {
                if (c->cap - c->len < 4096) { c->cap *= 2; c->buf = realloc(c->buf, c->cap); }
                ssize_t got = read(c->fd, c->buf + c->len, c->cap - c->len);
                if (got <= 0) break;
                c->len += got;
            }
            long m = consume(c, t, gaps, &ngaps, maxgaps, measuring);
            if (measuring) messages += m;
        }
    }
    double cpu = cpu_ms(pid) - cpu_from, user, sys;
    cpu_split_ms(pid, &user, &sys);
    user -= user_from;
    sys -= sys_from;
    for (size_t k = 0; k < ngaps; k++) gaps[k] -= 1000.0 / 60;  // lateness against the 60 fps period
    double p50 = percentile(gaps, ngaps, 0.50), p99 = percentile(gaps, ngaps, 0.99);
    printf("connections=%d messages=%ld messages_per_s=%.0f lateness_p50_ms=%.2f lateness_p99_ms=%.2f "
           "cpu_ms_per_session_s=%.4f cpu_ms_per_1000_messages=%.2f user_ms_per_1000=%.2f system_ms_per_1000=%.2f "
           "rss_kb_per_session=%.1f\n",
           n, messages, messages / seconds, p50, p99, cpu / (n * seconds), messages ? cpu * 1000.0 / messages : 0,
           messages ? user * 1000.0 / messages : 0, messages ? sys * 1000.0 / messages : 0,
           (double)(rss_after - rss_before) / n);
    for (int k = 0; k < n; k++) close(conns[k].fd);
    return 0;
}

/// Reads until at least one whole message has arrived; how many, or -1 when the connection ends.
static long next_messages(struct conn *c) {
    size_t dummy = 0;
    long messages = 0;
    while ((messages = consume(c, 0, NULL, &dummy, 0, 0)) == 0) {
        ssize_t got = read(c->fd, c->buf + c->len, c->cap - c->len);
        if (got <= 0) return -1;
        c->len += got;
    }
    return messages;
}

/// Connects one viewer of `scene` and reads its keyframe; 0 on success.
static int open_viewer(int port, const char *scene, struct conn *c) {
    int fd = ws_connect(port, scene);
    if (fd < 0) { fprintf(stderr, "veil_load: cannot connect\n"); return 1; }
    *c = (struct conn){.fd = fd, .cap = 1 << 16};
    c->buf = malloc(c->cap);
    return next_messages(c) < 0;
}

static int rtt(int port, const char *scene, int count) {
    struct conn c;
    if (open_viewer(port, scene, &c)) return 1;
    int fd = c.fd;
    double *times = malloc(count * sizeof *times);
    for (int k = 0; k < count; k++) {
        char text[128];
        snprintf(text, sizeof text, "{\"input\":{\"resize\":{\"width\":%d,\"height\":200}}}", 210 + (k % 2) * 10);
        double sent = now_ms();
        ws_send_text(fd, text);
        if (next_messages(&c) < 0) return 1;
        times[k] = now_ms() - sent;
    }
    double p50 = percentile(times, count, 0.50), p99 = percentile(times, count, 0.99);
    printf("round_trips=%d rtt_p50_ms=%.3f rtt_p99_ms=%.3f\n", count, p50, p99);
    close(fd);
    return 0;
}

/// Saves FILE COUNT times (two backgrounds in turn) and times each save until the patch arrives.
static int save(int port, const char *scene, const char *file, int count) {
    struct conn c;
    if (open_viewer(port, scene, &c)) return 1;
    int fd = c.fd;
    double *times = malloc(count * sizeof *times);
    for (int k = 0; k < count; k++) {
        usleep(30000);  // saves further apart than the watcher's 15 ms gathering of a burst
        FILE *f = fopen(file, "w");
        if (!f) { perror(file); return 1; }
        fprintf(f, "{\"canvas\": {\"width\": 200, \"height\": 200}, \"background\": \"%s\", "
                   "\"root\": {\"type\": \"view\", \"id\": \"root\"}}\n", k % 2 ? "#FFFFFF" : "#336699");
        double saved = now_ms();
        fclose(f);
        if (next_messages(&c) < 0) return 1;
        times[k] = now_ms() - saved;
    }
    double p50 = percentile(times, count, 0.50), p99 = percentile(times, count, 0.99);
    printf("saves=%d save_p50_ms=%.2f save_p99_ms=%.2f\n", count, p50, p99);
    close(fd);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 6 && strcmp(argv[1], "save") == 0)
        return save(atoi(argv[2]), argv[3], argv[4], atoi(argv[5]));
    if (argc == 7 && strcmp(argv[1], "frames") == 0)
        return frames(atoi(argv[2]), atoi(argv[3]), argv[4], atoi(argv[5]), atof(argv[6]));
    if (argc == 5 && strcmp(argv[1], "rtt") == 0)
        return rtt(atoi(argv[2]), argv[3], atoi(argv[4]));
    fprintf(stderr, "usage: veil_load frames PORT PID SCENE CONNECTIONS SECONDS | rtt PORT SCENE COUNT"
                    " | save PORT SCENE FILE COUNT\n");
    return 2;
}
