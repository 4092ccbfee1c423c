/// `placement serve --help`.
enum ServeHelp {
  static let text = """
    usage: placement serve [--rules PATH|URL] [--cache FILE] [--poll-interval S] [--listen IP:PORT]
                           [--token-file FILE] [--insecure-listen] [--allow-now] [--access-log] [--threads N]
                           [limits...] [--verbose]

    Answers decisions over HTTP/1.1 with the rules of a folder, a rules file, a rules bundle or a bundle URL
    (default Rules), from one event loop per thread, and follows them (docs/Fleet.md): the source is polled
    every interval (a URL with If-None-Match), and good, new rules are installed; a bundle that does not verify
    or is older, or rules with an error, change nothing. Routes (docs/Serve.md):
      POST /ofrep/v1/evaluate/flags/{placement}   OpenFeature remote evaluation (OFREP) of one placement
      POST /ofrep/v1/evaluate/flags               OFREP bulk evaluation of every placement (ETag, 304)
      POST /v1/resolve[?placements=a,b&explain=true&default_audience=true]
                                                  a profile JSON body; decisions as placement resolve
      POST /v1/resolve/batch[?placements=...]     JSON Lines in, decision lines out, streamed
      GET  /healthz, /readyz, /metrics (Prometheus), /v1/rules (what is served)
    SIGHUP polls the source now; SIGTERM or SIGINT stops accepting, answers the requests in flight, and exits.
    The listening address, rules_version and each reload go to stderr. A URL that gives no rules at start (and
    no cache) is retried while the server answers 503 (/readyz included) until it does.

    options:
      --rules PATH|URL         the rules: a folder, a rules file, a bundle, or an http(s) URL of a bundle
                               (default Rules)
      --cache FILE             keep the last good bundle of a bundle or URL source in FILE (written
                               atomically); a start while the source is down serves it
      --poll-interval S        seconds between two polls of the source (default 30 for a URL, 1 otherwise);
                               after failures the wait doubles, up to 300
      --listen IP:PORT         the address to listen on (default 127.0.0.1:8080; port 0 takes a free port)
      --token-file FILE        require 'Authorization: Bearer TOKEN' (the file's text) on every route but
                               /healthz and /readyz
      --insecure-listen        listen on a non-loopback address without --token-file (refused otherwise)
      --allow-now              accept ?now=INSTANT on the native routes (for tests; off in production)
      --access-log             one JSON line per response on stderr
      --threads N              event loops (default: one per core)
      --max-connections N      connections open at once; one more gets 503 (default 1024)
      --max-header-bytes N     bytes of a request's line and headers; more gets 431 (default 16384)
      --max-headers N          header fields of a request; more gets 431 (default 100)
      --max-body-bytes N       body of a request but a batch; more gets 413 (default 1048576)
      --max-batch-bytes N      body of a batch request; more gets 413 (default 67108864)
      --read-timeout S         seconds for a request's head to arrive from its first byte, and the longest
                               pause in a body (which must also average 1 KiB/s); then 408 (default 10)
      --idle-timeout S         seconds a connection may wait for its next request (default 60)
      --write-timeout S        seconds a response may wait for the client to read (default 10)
      --shutdown-timeout S     seconds SIGTERM gives requests in flight (default 10)
      --verbose                name on stderr each rules file skipped (hidden files, editor lock files)

    exit: 0 stopped by SIGTERM or SIGINT; 64 usage (a non-loopback address without a token included);
    65 rules that do not compile, a bad bundle or token file; 66 rules not found; 69 the address cannot be bound.
    (Rules from a URL never stop the start: the server waits for them, not ready.)

    """
}
