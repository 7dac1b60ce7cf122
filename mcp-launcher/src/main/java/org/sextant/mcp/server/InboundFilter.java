package org.sextant.mcp.server;

import io.modelcontextprotocol.server.transport.HeaderAccessor;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.server.transport.ServerHttpHeaderValidator;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import org.sextant.mcp.LauncherInfo;
import org.sextant.mcp.tools.InFlightCalls;

/**
 * --http: every request must carry the bearer token ({@link HttpToken}; 401 otherwise), and each
 * POSTed message is read within the bounds of {@link BodyLane} and checked ({@link Inbound}) before
 * the SDK's servlet reads it. A body that is
 * not one JSON-RPC message is answered here, 400 with a JSON-RPC error and no internals. Requests
 * the Host/Origin check refuses pass untouched, so the SDK still refuses them first (403, 421),
 * whatever their token or body.
 */
final class InboundFilter extends HttpFilter {
    private final Inbound inbound;
    private final ServerHttpHeaderValidator security;
    private final HttpToken token;
    private final BodyLane lane;

    InboundFilter(Inbound inbound, ServerHttpHeaderValidator security, HttpToken token, BodyLane lane) {
        this.inbound = inbound;
        this.security = security;
        this.token = token;
        this.lane = lane;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!passesHostAndOrigin(request)) {
            chain.doFilter(request, response);
            return;
        }
        if (!token.admits(request.getHeader("Authorization"))) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"sextant-mcp\"");
            reply(response, HttpServletResponse.SC_UNAUTHORIZED, Inbound.unauthorized());
            return;
        }
        if (!"POST".equals(request.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        BodyLane.Read read = lane.read(request);
        if (read instanceof BodyLane.Cut) return; // its connection is closed: nobody reads an answer
        if (read instanceof BodyLane.OverLane) { // its connection is open: told why and when to retry, then closed (its body is unread)
            response.setHeader("Retry-After", "1");
            response.setHeader("Connection", "close");
            reply(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, Inbound.overLane(lane.limits().maxBodies()));
            return;
        }
        if (read instanceof BodyLane.OverBudget) {
            response.setHeader("Retry-After", "1");
            reply(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, Inbound.overBudget(lane.limits().budgetBytes()));
            return;
        }
        try (BodyLane.Hold held = ((BodyLane.Arrived) read).hold()) {
            Body checked = checked(request, response, held);
            // the raw message and its checked text are out of reach here: while the call runs only the SDK's copy is held
            if (checked != null) {
                try {
                    chain.doFilter(checked, response); // returns once the SDK answered, or refused, the message
                } finally {
                    inbound.handled(checked.call);
                }
            }
        }
    }

    /**
     * The message read and checked: the request to forward (its checked bytes, dropped once the SDK has read them), or
     * null when it was answered here. The message's bytes stay counted until the call is answered (docs/mcp.md): the SDK
     * keeps its own text of it and every argument parsed from it until then, at least as large as the bytes.
     */
    private Body checked(HttpServletRequest request, HttpServletResponse response, BodyLane.Hold held) throws IOException {
        byte[] body = held.take();
        Inbound.Verdict verdict = body.length > LauncherInfo.MAX_MESSAGE_BYTES ? Inbound.tooLarge()
                : inbound.check(new String(body, StandardCharsets.UTF_8), request.getHeader("Mcp-Session-Id"));
        if (verdict instanceof Inbound.Reply reply) {
            reply(response, body.length > LauncherInfo.MAX_MESSAGE_BYTES
                    ? HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE : HttpServletResponse.SC_BAD_REQUEST, reply);
            return null;
        }
        if (verdict instanceof Inbound.Answer answer) { // a call refused over its session's share: its response, as the SDK's come
            response.setStatus(HttpServletResponse.SC_OK);
            response.setContentType("application/json");
            response.setCharacterEncoding("UTF-8");
            response.getWriter().write(answer.response());
            return null;
        }
        if (verdict instanceof Inbound.Handled) { // a notification: accepted, no body (as the SDK answers one)
            response.setStatus(HttpServletResponse.SC_ACCEPTED);
            return null;
        }
        Inbound.Forward forward = (Inbound.Forward) verdict;
        return new Body(request, forward.text().getBytes(StandardCharsets.UTF_8), forward.call());
    }

    private static void reply(HttpServletResponse response, int status, Inbound.Reply reply) throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(reply.response());
    }

    private boolean passesHostAndOrigin(HttpServletRequest request) {
        try {
            security.validate(new HeaderAccessor() {
                @Override
                public List<String> getHeader(String name) {
                    return Collections.list(request.getHeaders(name));
                }

                @Override
                public List<String> getHeaderNames() {
                    return Collections.list(request.getHeaderNames());
                }
            });
            return true;
        } catch (ServerTransportSecurityException e) {
            return false;
        }
    }

    /** The request with the checked body (a rerouted tools/call differs from what was sent); its bytes dropped once read whole. */
    static final class Body extends HttpServletRequestWrapper {
        private final int length;
        private final InFlightCalls.Call call; // the tools/call (or read) it carries, itself: a later one reusing its id is not this one; else null
        private ByteArrayInputStream in; // null once read to its end: the SDK holds its own text of it

        Body(HttpServletRequest request, byte[] body) {
            this(request, body, null);
        }

        Body(HttpServletRequest request, byte[] body, InFlightCalls.Call call) {
            super(request);
            this.length = body.length;
            this.call = call;
            this.in = new ByteArrayInputStream(body);
        }

        /** Whether it carries a tools/call or resources/read: its session works (not an initialize alone). */
        boolean carriesCall() {
            return call != null;
        }

        /** Whether the checked bytes are still held (until the SDK has read them to their end). */
        boolean holdsBytes() {
            return in != null;
        }

        private int read(byte[] b, int off, int len) {
            if (in == null) return -1;
            int n = in.read(b, off, len);
            if (n < 0 || in.available() == 0) in = null;
            return n;
        }

        @Override
        public ServletInputStream getInputStream() {
            return new ServletInputStream() {
                @Override
                public int read() {
                    byte[] one = new byte[1];
                    return Body.this.read(one, 0, 1) == 1 ? one[0] & 0xff : -1;
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return Body.this.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in == null;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the checked body is read synchronously");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
        }

        @Override
        public int getContentLength() {
            return length;
        }

        @Override
        public long getContentLengthLong() {
            return length;
        }
    }
}
