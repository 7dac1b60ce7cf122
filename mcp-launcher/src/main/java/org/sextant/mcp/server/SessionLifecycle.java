package org.sextant.mcp.server;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.ReadListener;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.Collections;
import java.util.Enumeration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.sextant.mcp.tables.SessionTables;

/**
 * --http, after the token and body checks: keeps {@link IdleSessions} up to date and ends the sessions it
 * expires as a client's DELETE would (the SDK forgets them and answers their later requests 404 "session
 * not found", so a client initialises again), dropping their tables; a client's DELETE drops them too, and
 * a request of a session not open here keeps none. Every session the SDK opens is counted, whatever id its
 * initialize carried. An event stream the client holds open (GET; the SDK's answer asynchronous) keeps its session
 * until it ends ({@link IdleSessions#streamOpened}); its idle time starts then. A tools/call or resources/read marks its
 * session as one that works, ended only after those that never called.
 */
final class SessionLifecycle extends HttpFilter {
    static final String SESSION_HEADER = "Mcp-Session-Id";
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(SessionLifecycle.class);

    private final IdleSessions sessions;
    private final SessionTables tables;
    private final HttpServlet transport;

    SessionLifecycle(IdleSessions sessions, SessionTables tables, HttpServlet transport) {
        this.sessions = sessions;
        this.tables = tables;
        this.transport = transport;
        tables.openWhile(sessions::isOpen); // a call of a session ended meanwhile (DELETE, expiry) makes no store, keeps no table
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        for (String gone : sessions.expire()) end(gone, request, response);
        String id = request.getHeader(SESSION_HEADER);
        if (id != null && "DELETE".equals(request.getMethod())) {
            try {
                chain.doFilter(request, response);
            } finally {
                sessions.closed(id);
                tables.drop(id);
            }
            return;
        }
        boolean open = id != null && sessions.begin(id, request instanceof InboundFilter.Body body && body.carriesCall());
        try {
            // a POST is held until answered (the SDK answers on this thread); only a GET leaves its answer, the stream, open
            HttpServletResponse answer = new Opening(response, id);
            chain.doFilter(open && "GET".equals(request.getMethod()) ? new Streaming(request, answer, id) : request, answer);
        } finally {
            if (open) sessions.end(id);
            else if (id != null) tables.drop(id); // not a session open here (ended while this request ran): keep no tables for it
        }
    }

    /**
     * A GET as the SDK sees it: the event stream it opens (its answer made asynchronous) counts as a stream of the session
     * until it completes, the client closing it included. Counted where the SDK starts it, so one that ends at once is
     * never missed. The SDK keeps one stream a session: a newer GET ends the open one, counted as ended.
     */
    private final class Streaming extends HttpServletRequestWrapper {
        private final HttpServletResponse answer;
        private final String id;

        Streaming(HttpServletRequest request, HttpServletResponse answer, String id) {
            super(request);
            this.answer = answer;
            this.id = id;
        }

        @Override
        public AsyncContext startAsync() {
            return counted(super.startAsync());
        }

        @Override
        public AsyncContext startAsync(ServletRequest request, ServletResponse response) {
            return counted(super.startAsync(request, response));
        }

        private AsyncContext counted(AsyncContext async) {
            headSent();
            if (!sessions.streamOpened(id)) return async;
            AtomicBoolean ended = new AtomicBoolean();
            async.addListener(new AsyncListener() {
                @Override public void onComplete(AsyncEvent event) { end(); }
                @Override public void onTimeout(AsyncEvent event) { end(); }
                @Override public void onError(AsyncEvent event) { end(); }
                @Override public void onStartAsync(AsyncEvent event) {}

                private void end() {
                    if (ended.compareAndSet(false, true)) sessions.streamClosed(id);
                }
            });
            return async;
        }

        /**
         * The stream's head goes now, as the SDK has set it (the SDK sent it with its first ping, up to a minute later, and
         * clients wait on it), saying the connection closes with the stream: a replaced stream's connection is freed at
         * once, not kept idle for Jetty's 30 s. Here nothing else writes to the answer yet.
         */
        private void headSent() {
            answer.setHeader("Connection", "close");
            try {
                answer.flushBuffer();
            } catch (IOException e) { // the client is gone: the stream's first ping ends it
                LOG.debug("event stream head not sent: {}", e.toString());
            }
        }
    }

    /**
     * The answer as the SDK writes it: the session an initialize opens (with no id, or a stale or made-up one) is counted
     * where the SDK names it, before the answer is flushed; counted after, a request of the client in between found it not
     * open and kept no tables.
     */
    private final class Opening extends HttpServletResponseWrapper {
        private final String asked;

        Opening(HttpServletResponse response, String asked) {
            super(response);
            this.asked = asked;
        }

        @Override
        public void setHeader(String name, String value) {
            opens(name, value);
            super.setHeader(name, value);
        }

        @Override
        public void addHeader(String name, String value) {
            opens(name, value);
            super.addHeader(name, value);
        }

        private void opens(String name, String value) {
            if (SESSION_HEADER.equalsIgnoreCase(name) && value != null && !value.equals(asked)) sessions.opened(value);
        }
    }

    /** The SDK's own DELETE of the session, sent on behalf of a client that went away; its answer is nobody's. */
    private void end(String id, HttpServletRequest current, HttpServletResponse response) {
        tables.drop(id);
        try {
            transport.service(new DeleteOf(current, id), new Unread(response));
        } catch (IOException | ServletException | RuntimeException e) {
            LOG.debug("expired session not deleted: {}", e.toString());
        }
    }

    private static final class DeleteOf extends HttpServletRequestWrapper {
        private final String id;

        DeleteOf(HttpServletRequest request, String id) {
            super(request);
            this.id = id;
        }

        @Override
        public String getMethod() {
            return "DELETE";
        }

        @Override
        public String getRequestURI() { // whatever path the request that found it expired asked for
            return HttpMcpServer.ENDPOINT;
        }

        @Override
        public String getHeader(String name) {
            return SESSION_HEADER.equalsIgnoreCase(name) ? id : super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return SESSION_HEADER.equalsIgnoreCase(name) ? Collections.enumeration(java.util.List.of(id)) : super.getHeaders(name);
        }

        @Override
        public int getContentLength() {
            return 0;
        }

        @Override
        public long getContentLengthLong() {
            return 0;
        }

        @Override
        public ServletInputStream getInputStream() {
            return new ServletInputStream() {
                @Override
                public int read() {
                    return -1;
                }

                @Override
                public boolean isFinished() {
                    return true;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("an empty body");
                }
            };
        }
    }

    /** The answer to the SDK's own DELETE: nothing of it reaches the client whose request found the session expired. */
    private static final class Unread extends HttpServletResponseWrapper {
        private final PrintWriter nowhere = new PrintWriter(Writer.nullWriter());

        Unread(HttpServletResponse response) {
            super(response);
        }

        @Override public PrintWriter getWriter() { return nowhere; }
        @Override public ServletOutputStream getOutputStream() { return new Discarding(); }
        @Override public void setStatus(int sc) {}
        @Override public void sendError(int sc) {}
        @Override public void sendError(int sc, String msg) {}
        @Override public void setHeader(String name, String value) {}
        @Override public void addHeader(String name, String value) {}
        @Override public void setIntHeader(String name, int value) {}
        @Override public void addIntHeader(String name, int value) {}
        @Override public void setDateHeader(String name, long date) {}
        @Override public void addDateHeader(String name, long date) {}
        @Override public void setContentType(String type) {}
        @Override public void setCharacterEncoding(String charset) {}
        @Override public void setContentLength(int len) {}
        @Override public void setContentLengthLong(long len) {}
        @Override public void flushBuffer() {}
        @Override public void reset() {}
        @Override public void resetBuffer() {}
        @Override public boolean isCommitted() { return false; }
        @Override public String getHeader(String name) { return null; }
    }

    /** A body written to nowhere. */
    private static final class Discarding extends ServletOutputStream {
        @Override public void write(int b) {}
        @Override public void write(byte[] b, int off, int len) {}
        @Override public boolean isReady() { return true; }
        @Override public void setWriteListener(WriteListener listener) {}
    }
}
