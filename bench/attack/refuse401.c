/* The floor of a refusal: a libmicrohttpd server (the same library, threads and limits as
 * agekit serve) that reads each request and answers a constant 401, doing nothing else.
 * bench/attack.sh floods it beside agekit serve to show what the flood's traffic alone costs
 * these cores.
 *
 *   refuse401 PORT    (listens on 127.0.0.1 until killed)
 */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char body[] = "{\"error\":{\"code\":\"untrusted_chain\",\"message\":\"x5c[2] is not a trusted root\"}}";

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload, size_t *size, void **request) {
    (void)cls, (void)url, (void)method, (void)version, (void)upload;
    if (*request == NULL) { /* the head: nothing to do until the body is in */
        *request = (void *)1;
        return MHD_YES;
    }
    if (*size > 0) { /* a chunk of the body: dropped */
        *size = 0;
        return MHD_YES;
    }
    struct MHD_Response *response =
        MHD_create_response_from_buffer(sizeof body - 1, (void *)body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/json");
    enum MHD_Result queued = MHD_queue_response(connection, 401, response);
    MHD_destroy_response(response);
    return queued;
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)atoi(argv[1]));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_EPOLL_INTERNAL_THREAD, 0, NULL, NULL, answer, NULL, MHD_OPTION_SOCK_ADDR, &address,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)2, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)16384,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned int)4096, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)10,
        MHD_OPTION_END);
    if (daemon == NULL) return 1;
    for (;;) pause();
}
