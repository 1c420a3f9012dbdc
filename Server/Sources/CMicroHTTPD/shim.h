#ifndef AGEKIT_CMICROHTTPD_SHIM_H
#define AGEKIT_CMICROHTTPD_SHIM_H
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon is variadic: options travel as one MHD_OPTION_ARRAY instead.
static inline struct MHD_Daemon *agekit_mhd_start(unsigned int flags, uint16_t port,
    MHD_AcceptPolicyCallback accept_policy, void *accept_policy_cls,
    MHD_AccessHandlerCallback handler, void *handler_cls, struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, port, accept_policy, accept_policy_cls, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

// MHD_get_daemon_info is variadic: the port the daemon bound (useful when asked for port 0).
static inline uint16_t agekit_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

// MHD_ValueKind imports as a closed enum, so a mask of kinds (headers and query arguments
// in one pass) cannot be built in Swift.
static inline int agekit_mhd_get_values(struct MHD_Connection *connection, unsigned int kinds,
    MHD_KeyValueIteratorN iterator, void *iterator_cls) {
    return MHD_get_connection_values_n(connection, (enum MHD_ValueKind)kinds, iterator, iterator_cls);
}
// MHD_get_connection_info is variadic: the socket of a connection, or -1.
static inline int agekit_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}
// The same: the client's address (a sockaddr_in or sockaddr_in6), or NULL.
static inline const struct sockaddr *agekit_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}

// A NUL the client sent inside the head ends libmicrohttpd's C strings early: the URL reads
// `/a` for `/a\0/../x`, a header value `Bearer T` for `Bearer T\0junk`, and the reported length
// stops there too. libmicrohttpd 0.9.75 (Debian 12) parses the head in place: it writes a NUL
// over the space before the version, over the '?', '=' and '&' of the query, and over each
// line's CR and LF. So a whole request line is the URL, then each query key and value at the
// very next byte, then "HTTP/"; a whole value of a CRLF line is followed by two NULs. Anything
// else after a terminator is what a client's NUL hid. Another version may lay its buffer out
// otherwise, so there both checks answer "whole" (agekit_mhd_checks_nul says which).
#include <string.h>
static inline int agekit_mhd_checks_nul(void) {
    return strcmp(MHD_get_version(), "0.9.75") == 0;
}
struct agekit_line_walk { const char *next; int whole; };
static enum MHD_Result agekit_walk_argument(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
    const char *value, size_t value_size) {
    struct agekit_line_walk *walk = cls;
    (void)kind;
    if (key != walk->next) { walk->whole = 0; return MHD_NO; }
    walk->next = key + key_size + 1;
    if (value != NULL) {
        if (value != walk->next) { walk->whole = 0; return MHD_NO; }
        walk->next = value + value_size + 1;
    }
    return MHD_YES;
}
static inline int agekit_mhd_request_line_is_whole(struct MHD_Connection *connection, const char *url) {
    if (!agekit_mhd_checks_nul() || url == NULL) return 1;
    struct agekit_line_walk walk = { url + strlen(url) + 1, 1 };
    MHD_get_connection_values_n(connection, MHD_GET_ARGUMENT_KIND, agekit_walk_argument, &walk);
    return walk.whole && strncmp(walk.next, "HTTP/", 5) == 0;
}
// The same layout tells whether every header line of the head was reported as it came:
// each field's name starts right after the line before it (the request line, or the previous
// value and its two NULs), its colon is a NUL followed only by spaces or tabs up to the value,
// and the blank line follows the last. libmicrohttpd 0.9.75 appends a folded line (one that
// starts with a space or tab) to the previous field's name, in a copy elsewhere, and drops a
// line with an empty name without a word: either breaks the chain (RFC 9112 §5.2, §5.1).
struct agekit_field_walk { const char *next; int whole; };
static enum MHD_Result agekit_walk_field(void *cls, enum MHD_ValueKind kind, const char *key, size_t key_size,
    const char *value, size_t value_size) {
    struct agekit_field_walk *walk = cls;
    (void)kind;
    if (key != walk->next || key[key_size] != '\0' || value == NULL || value < key + key_size + 1) {
        walk->whole = 0;
        return MHD_NO;
    }
    for (const char *gap = key + key_size + 1; gap < value; gap++) {
        if (*gap != ' ' && *gap != '\t') { walk->whole = 0; return MHD_NO; }
    }
    walk->next = value + value_size + 2;
    return MHD_YES;
}
static inline int agekit_mhd_header_lines_are_whole(struct MHD_Connection *connection, const char *url) {
    if (!agekit_mhd_checks_nul() || url == NULL) return 1;
    struct agekit_line_walk line = { url + strlen(url) + 1, 1 };
    MHD_get_connection_values_n(connection, MHD_GET_ARGUMENT_KIND, agekit_walk_argument, &line);
    if (!line.whole || strncmp(line.next, "HTTP/", 5) != 0) return 1;  // the request line's own check refuses it
    struct agekit_field_walk walk = { line.next + strlen(line.next) + 2, 1 };
    MHD_get_connection_values_n(connection, MHD_HEADER_KIND, agekit_walk_field, &walk);
    return walk.whole && walk.next[0] == '\0' && walk.next[1] == '\0';
}
static inline int agekit_mhd_value_is_whole(const char *value, size_t size) {
    if (!agekit_mhd_checks_nul() || value == NULL) return 1;
    return value[size] == '\0' && value[size + 1] == '\0';
}

// The unescape callback has no typedef in microhttpd.h: name its type for Swift.
typedef size_t (*agekit_mhd_unescape_callback)(void *cls, struct MHD_Connection *connection, char *text);
#endif
