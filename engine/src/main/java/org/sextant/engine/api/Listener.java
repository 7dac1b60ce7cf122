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
 * The ending thread itself (its uncaught-exception handler) frees the port and starts a new server with the
 * same handler and token on it, so a client keeping the port is answered there; {@link #check} (every sweep
 * of the connection guard, which the ending thread wakes) does it when that failed, on a new port when the old one is still held.
 */
final class Listener implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Listener.class);
    /** The JDK names it so (sun.net.httpserver.ServerImpl); it is found among the threads its start makes. */
    private static final String DISPATCHER = "HTTP-Dispatcher";

    private final InetSocketAddress at;
    private final HttpHandler handler;
    private final Executor executor;
    /** Told when a dispatcher thread ends (from that thread): the guard's sweeps, asleep while idle, must run its check. */
    private final Runnable ended;
    private final AtomicInteger restarts = new AtomicInteger();
    private HttpServer server; // guarded by this
    private Thread dispatcher; // guarded by this
    private boolean closed, refused; // guarded by this
    /** Restarted from the ending thread's own handler: the next check publishes the port. */
    private boolean replaced; // guarded by this
    /** A dispatcher thread ended (its handler runs, or ran and could not listen again): until listening again, checks are due. */
    private boolean dead; // guarded by this

    private Listener(InetSocketAddress at, HttpHandler handler, Executor executor, Runnable ended) {
        this.at = at;
        this.handler = handler;
        this.executor = executor;
        this.ended = ended;
    }

    /** Listens on {@code at} (port 0: a free one) until closed; {@code ended} is run when its thread ends, to have it checked. */
    static Listener start(InetSocketAddress at, HttpHandler handler, Executor executor, Runnable ended) throws IOException {
        Listener l = new Listener(at, handler, executor, ended);
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
        // waited for whatever the interrupt status: a server stopped before its start would hold its port for good
        boolean interrupted = false;
        while (starter.isAlive()) {
            try {
                starter.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
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
            Thread.interrupted(); // set by what ended the thread (Thread.stop does), it would cut the restart short
            markDead(http);
            boolean told = tell(); // the checks run until it listens again and its port is published
            release(http, t);
            relistenNow(http);
            if (!told) tell(); // out of memory at first: tried once more, memory freed since
        });
        server = http;
        dispatcher = found;
    }

    /**
     * Frees the port of a server whose dispatcher thread is ending, from that thread: stopped, then its
     * loop run once more (Thread.run runs the thread's task again) finds it stopped and closes its
     * selector, which is what closes the listening socket (a registered channel closes only then). Its
     * connections are closed; those still waiting to be accepted are reset: their requests never reached
     * the app, but a client cannot tell such a reset from a call in flight, so it is not sent again (only a
     * refused connection is). Left undone (out of memory here): the port stays held.
     */
    private static void release(HttpServer http, Thread dying) {
        try {
            http.stop(0); // skips joining the thread that calls it
            dying.run();
        } catch (Throwable ignored) { // the check then listens on a new port, as before
        }
    }

    private boolean tell() {
        try {
            ended.run();
            return true;
        } catch (Throwable outOfMemory) {
            return false;
        }
    }

    private synchronized void markDead(HttpServer dying) {
        if (server == dying) dead = true;
    }

    /** Whether a check is due: the thread listening ended and was not started again, or its new port is still to publish. */
    synchronized boolean needsCheck() {
        return !closed && (replaced || dead || !dispatcher.isAlive());
    }

    /** Listens again at once, on the freed port, rather than at the next check. */
    private synchronized void relistenNow(HttpServer dead) {
        if (closed || server != dead) return;
        try {
            restart(dead.getAddress().getPort());
            replaced = true;
        } catch (Throwable ignored) { // the next check tries again
        }
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
     * Starts a new server when the dispatcher thread has ended and its handler did not, and returns the port
     * of a new server (else -1); tried again at each call until it listens. The same port is tried first,
     * but unless the handler freed it the dead thread's selector keeps the old listening socket open, so it
     * is then a new one: the caller publishes it (run/app.json), where every client looks for the port.
     */
    synchronized int check() {
        if (replaced) { // restarted by the ending thread itself: only the port is left to publish
            replaced = false;
            return port();
        }
        if (closed || dispatcher.isAlive()) return -1; // an ending thread still running its handler: checked again next sweep
        int old = server.getAddress().getPort();
        if (!refused) server.stop(0); // its connections are closed: their clients see a dropped connection, not a hang
        try {
            restart(old);
        } catch (IOException e) {
            if (!refused) log.error("the local API stopped listening on 127.0.0.1:{} and could not listen again ({}); retrying", old, e.toString());
            refused = true;
            return -1;
        }
        return port();
    }

    /** A new server for the one listening on {@code old}: on that port when it is free, else on a new one. */
    private void restart(int old) throws IOException {
        try {
            listen(new InetSocketAddress(at.getAddress(), old));
        } catch (java.net.BindException held) {
            listen(new InetSocketAddress(at.getAddress(), 0));
        }
        refused = false;
        dead = false;
        restarts.incrementAndGet();
        log.warn("the local API's listener thread had ended on 127.0.0.1:{}: listening again on 127.0.0.1:{}, same token", old, port());
    }

    @Override
    public void close() {
        HttpServer last;
        synchronized (this) {
            closed = true;
            last = server;
        }
        last.stop(0); // unlocked: it waits for the dispatcher thread, whose ending handler takes the lock
    }
}
