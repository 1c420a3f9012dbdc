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

// The unescape callback has no typedef in microhttpd.h: name its type for Swift.
typedef size_t (*agekit_mhd_unescape_callback)(void *cls, struct MHD_Connection *connection, char *text);
#endif
