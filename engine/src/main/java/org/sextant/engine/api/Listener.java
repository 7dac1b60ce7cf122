package org.sextant.engine.api;

import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JDK server the local API listens with, watched. Its one dispatcher thread accepts and reads every
 * connection; an Error thrown there (an OutOfMemoryError) ends that thread and nothing else, so the port
 * still accepts connections and every client waits until its own timeout, for good (attack pass 10, H1).
 * {@link #check} (every sweep of the connection guard) finds such a thread ended and starts a new server
 * with the same handler and token, on the same port when it is free and else on a new one.
 */
final class Listener implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Listener.class);
    /** The JDK names it so (sun.net.httpserver.ServerImpl); it is found among the threads its start makes. */
    private static final String DISPATCHER = "HTTP-Dispatcher";

    private final InetSocketAddress at;
    private final HttpHandler handler;
    private final Executor executor;
    private final AtomicInteger restarts = new AtomicInteger();
    private HttpServer server; // guarded by this
    private Thread dispatcher; // guarded by this
    private boolean closed, refused; // guarded by this

    private Listener(InetSocketAddress at, HttpHandler handler, Executor executor) {
        this.at = at;
        this.handler = handler;
        this.executor = executor;
    }

    /** Listens on {@code at} (port 0: a free one) until closed. */
    static Listener start(InetSocketAddress at, HttpHandler handler, Executor executor) throws IOException {
        Listener l = new Listener(at, handler, executor);
        synchronized (l) {
            l.listen(at);
        }
        return l;
    }

    private void listen(InetSocketAddress address) throws IOException {
        HttpServer http = HttpServer.create(address, 64);
        http.createContext("/api/v1/", handler);
        http.setExecutor(executor);
        // started from a thread group of its own, so the dispatcher thread it makes is the one found there
        ThreadGroup group = new ThreadGroup("sextant-api-listener");
        Thread starter = new Thread(group, http::start, "sextant-api-listener-start");
        starter.setDaemon(false); // the dispatcher inherits it: it keeps a headless app running, as before
        starter.start();
        try {
            starter.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            http.stop(0);
            throw new IOException("interrupted while starting the local API", e);
        }
        Thread found = null;
        Thread[] threads = new Thread[8];
        int n = group.enumerate(threads);
        for (int i = 0; i < n; i++) if (DISPATCHER.equals(threads[i].getName())) found = threads[i];
        if (found == null) {
            http.stop(0);
            throw new IOException("the local API's listener thread did not start");
        }
        found.setUncaughtExceptionHandler((t, e) -> {
            try {
                log.error("the local API's listener thread ended with {}; restarting it", e.toString());
            } catch (Throwable ignored) { // out of memory: the next check restarts it all the same
            }
        });
        server = http;
        dispatcher = found;
    }

    synchronized int port() {
        return server.getAddress().getPort();
    }

    /** Times the server was started again since it first listened. */
    int restarts() {
        return restarts.get();
    }

    /** The dispatcher thread of the server listening now (tests end it). */
    synchronized Thread dispatcher() {
        return dispatcher;
    }

    /**
     * Starts a new server when the dispatcher thread has ended, and returns its port (else -1); tried again at
     * each call until it listens. The same port is tried first, but the dead thread's selector keeps the old
     * listening socket open (a registered channel closes only when its selector next selects), so it is
     * usually a new one: the caller publishes it (run/app.json), where every client looks for the port.
     */
    synchronized int check() {
        if (closed || dispatcher.isAlive()) return -1;
        int old = server.getAddress().getPort();
        if (!refused) server.stop(0); // its connections are closed: their clients see a dropped connection, not a hang
        try {
            try {
                listen(new InetSocketAddress(at.getAddress(), old));
            } catch (java.net.BindException held) {
                listen(new InetSocketAddress(at.getAddress(), 0));
            }
        } catch (IOException e) {
            if (!refused) log.error("the local API stopped listening on 127.0.0.1:{} and could not listen again ({}); retrying", old, e.toString());
            refused = true;
            return -1;
        }
        refused = false;
        restarts.incrementAndGet();
        int now = server.getAddress().getPort();
        log.warn("the local API's listener thread had ended on 127.0.0.1:{}: listening again on 127.0.0.1:{}, same token", old, now);
        return now;
    }

    @Override
    public synchronized void close() {
        closed = true;
        server.stop(0);
    }
}
