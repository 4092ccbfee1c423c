#define _GNU_SOURCE
#include "CEventPoll.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>

int cevent_poll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int cevent_poll_add(int poll, int fd, uint32_t events, int exclusive) {
  struct epoll_event event = {.events = events | (exclusive ? EPOLLEXCLUSIVE : 0), .data = {.fd = fd}};
  return epoll_ctl(poll, EPOLL_CTL_ADD, fd, &event);
}

int cevent_poll_modify(int poll, int fd, uint32_t events) {
  struct epoll_event event = {.events = events, .data = {.fd = fd}};
  return epoll_ctl(poll, EPOLL_CTL_MOD, fd, &event);
}

int cevent_poll_remove(int poll, int fd) {
  struct epoll_event event = {0};
  return epoll_ctl(poll, EPOLL_CTL_DEL, fd, &event);
}

int cevent_poll_wait(int poll, int *fds, uint32_t *events, int capacity, int timeout_ms) {
  struct epoll_event ready[256];
  if (capacity > 256) capacity = 256;
  int count = epoll_wait(poll, ready, capacity, timeout_ms);
  for (int i = 0; i < count; i++) {
    fds[i] = ready[i].data.fd;
    events[i] = ready[i].events;
  }
  return count;
}

int cevent_poll_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int cevent_poll_accept(int listener, struct sockaddr *address, socklen_t *length) {
  return accept4(listener, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}
