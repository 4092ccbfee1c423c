#ifndef C_EVENT_POLL_H
#define C_EVENT_POLL_H

// Linux's epoll, eventfd and accept4 for PlacementServer's event loops: the Glibc module of the Swift toolchain
// does not export <sys/epoll.h> or <sys/eventfd.h>, and epoll_event is a packed struct, so these wrappers take and
// return plain integers. Every function returns -1 with errno set on failure, like the calls it wraps.

#include <stdint.h>
#include <sys/socket.h>

enum {
  CEVENT_POLL_IN = 0x001,
  CEVENT_POLL_OUT = 0x004,
  CEVENT_POLL_ERR = 0x008,
  CEVENT_POLL_HUP = 0x010,
  CEVENT_POLL_RDHUP = 0x2000,
};

/// epoll_create1(EPOLL_CLOEXEC).
int cevent_poll_create(void);

/// Adds `fd` with the event mask `events` (CEVENT_POLL_*); with `exclusive`, EPOLLEXCLUSIVE (one waiter of
/// several epoll instances is woken per event: the listening socket shared by every loop).
int cevent_poll_add(int poll, int fd, uint32_t events, int exclusive);

/// Changes the event mask of `fd`.
int cevent_poll_modify(int poll, int fd, uint32_t events);

/// Removes `fd`.
int cevent_poll_remove(int poll, int fd);

/// Waits up to `timeout_ms` (-1: forever) for events; writes each ready descriptor and its events to `fds` and
/// `events` (both of `capacity` elements) and returns how many.
int cevent_poll_wait(int poll, int *fds, uint32_t *events, int capacity, int timeout_ms);

/// eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC): a counter another thread writes to wake a loop.
int cevent_poll_eventfd(void);

/// accept4(..., SOCK_NONBLOCK | SOCK_CLOEXEC).
int cevent_poll_accept(int listener, struct sockaddr *address, socklen_t *length);

#endif
