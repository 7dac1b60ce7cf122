package org.sextant.engine.ingest.provider;

import org.sextant.contract.UrlMask;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.Settings;

/**
 * Daily history of one symbol from a provider's CSV endpoint. Every message it produces shows
 * the URL with the API key, user-info and query values (but the ticker and dates) replaced by
 * ***, and describes an answer that is not prices without quoting it. An answer is read into
 * memory only up to {@code maxBytes}, and for at most {@code readTimeout} from the request to the
 * body's last byte: past either the download is stopped and the ticker fails.
 */
public final class HttpPriceSource {
    private final String name;
    private final Settings.Provider provider;
    private final HttpClient client;
    private final Duration readTimeout;
    private final long maxBytes;

    public HttpPriceSource(String name, Settings.Provider provider, Duration connectTimeout, Duration readTimeout, long maxBytes) {
        this.name = name;
        this.provider = provider;
        this.readTimeout = readTimeout;
        this.maxBytes = maxBytes;
        this.client = HttpClient.newBuilder().connectTimeout(connectTimeout).followRedirects(HttpClient.Redirect.NORMAL).build();
    }

    public String name() { return name; }

    /** The CSV body for {@code symbol}, checked to look like price data; otherwise an error saying what came back. */
    public String fetch(String symbol) {
        String template = provider.urlTemplate();
        if (template == null || !template.contains("{symbol}")) {
            throw SextantException.invalid("provider", "provider '" + name + "' has no {symbol} in its url_template",
                    "set providers." + name + ".url_template in settings.json, e.g. https://stooq.com/q/d/l/?s={symbol}&i=d");
        }
        String key = provider.apiKey();
        if (template.contains("{api_key}") && (key == null || key.isBlank())) {
            throw SextantException.invalid("provider", "provider '" + name + "' needs an API key",
                    "set providers." + name + ".api_key in settings.json");
        }
        String shown = url(masked(template, FILLED_IN), symbol, "***");
        HttpResponse<String> response;
        try {
            URI uri = URI.create(url(template, symbol, key == null ? "" : key));
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(readTimeout).header("Accept", "text/csv, text/plain")
                    .header("User-Agent", "Sextant").GET().build();
            AtomicReference<CappedBody> body = new AtomicReference<>();
            CompletableFuture<HttpResponse<String>> pending = client.sendAsync(request, info -> {
                body.set(new CappedBody(maxBytes));
                return body.get();
            });
            response = answer(pending, body, readTimeout);
        } catch (AnswerTooLarge e) {
            throw failure(FailReason.PROVIDER_ERROR, symbol, "the answer from " + shown + " was larger than the limit of "
                            + megabytes(maxBytes) + " for one ticker, so its download was stopped",
                    "check the provider's url_template: it must return one ticker's daily CSV (decades of daily prices are a few MB)");
        } catch (HttpTimeoutException e) {
            throw failure(FailReason.TIMEOUT, symbol, "no complete answer from " + shown + " within the time limit of " + seconds(readTimeout)
                    + " (headers and body), so its download was stopped", "retry later, or check the network and the provider");
        } catch (IOException e) {
            throw failure(FailReason.PROVIDER_ERROR, symbol, "the download from " + shown + " failed or was cut short (" + reason(e, key) + ")",
                    "retry; if it persists, check the network and the provider's url_template");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure(FailReason.PROVIDER_ERROR, symbol, "interrupted while fetching " + shown, "retry");
        } catch (IllegalArgumentException e) {
            throw SextantException.invalid("provider", "provider '" + name + "' gives an invalid URL: " + shown,
                    "fix providers." + name + ".url_template in settings.json");
        }
        return check(response, symbol, shown);
    }

    /**
     * Waits for the whole answer, body included, at most {@code deadline}: then the download is
     * cancelled (its connection closed) and this throws HttpTimeoutException. An error of the
     * download comes out as the IOException it is.
     */
    private static HttpResponse<String> answer(CompletableFuture<HttpResponse<String>> pending, AtomicReference<CappedBody> body,
                                               Duration deadline) throws IOException, InterruptedException {
        try {
            return pending.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            stop(pending, body);
            throw new HttpTimeoutException("the whole answer took longer than " + seconds(deadline));
        } catch (InterruptedException e) {
            stop(pending, body);
            throw e;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) throw io;
            if (cause instanceof IllegalArgumentException bad) throw bad;
            throw new IOException("the download failed", cause); // not cause.toString(): a class name is no reason
        }
    }

    private static void stop(CompletableFuture<?> pending, AtomicReference<CappedBody> body) {
        pending.cancel(true);
        CappedBody reading = body.get();
        if (reading != null) reading.stop();
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }

    private static String megabytes(long bytes) {
        return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MB" : bytes + " bytes";
    }

    /** The download stopped because the answer passed the size limit. */
    static final class AnswerTooLarge extends IOException {
        AnswerTooLarge() { super("answer larger than the limit"); }
    }

    /**
     * An answer's bytes as text, read up to a limit: one more byte cancels the download (the
     * connection is closed) instead of growing memory with whatever the server keeps sending.
     */
    static final class CappedBody implements HttpResponse.BodySubscriber<String> {
        private final long limit;
        private final CompletableFuture<String> text = new CompletableFuture<>();
        private volatile Flow.Subscription subscription;
        private byte[] bytes = new byte[8192];
        private int length;

        CappedBody(long limit) { this.limit = limit; }

        @Override public CompletionStage<String> getBody() { return text; }

        @Override public void onSubscribe(Flow.Subscription s) {
            subscription = s;
            if (text.isDone()) s.cancel();
            else s.request(1);
        }

        /** Ends the download from another thread (the deadline passed); what was read is dropped. */
        void stop() {
            text.completeExceptionally(new HttpTimeoutException("stopped at the deadline"));
            Flow.Subscription s = subscription;
            if (s != null) s.cancel();
        }

        @Override public void onNext(List<ByteBuffer> buffers) {
            if (text.isDone()) return;
            for (ByteBuffer b : buffers) {
                if ((long) length + b.remaining() > limit) {
                    subscription.cancel();
                    bytes = null;
                    text.completeExceptionally(new AnswerTooLarge());
                    return;
                }
                if (length + b.remaining() > bytes.length) {
                    bytes = Arrays.copyOf(bytes, (int) Math.min(limit, Math.max((long) length + b.remaining(), 2L * bytes.length)));
                }
                int n = b.remaining();
                b.get(bytes, length, n);
                length += n;
            }
            subscription.request(1);
        }

        @Override public void onError(Throwable t) {
            if (text.isDone()) return;
            bytes = null;
            text.completeExceptionally(t);
        }

        @Override public void onComplete() {
            if (text.isDone()) return;
            text.complete(new String(bytes, 0, length, StandardCharsets.UTF_8));
            bytes = null;
        }
    }

    private String check(HttpResponse<String> response, String symbol, String shown) {
        int status = response.statusCode();
        String body = response.body() == null ? "" : response.body();
        if (status == 404) {
            throw failure(FailReason.NOT_FOUND, symbol, shown + " answered 404 (not found) for " + symbol,
                    "check the ticker as the provider spells it (Stooq: msft.us, ^spx, sap.de)");
        }
        if (status == 429) {
            throw failure(FailReason.RATE_LIMITED, symbol, shown + " answered 429 (too many requests)",
                    "wait a few minutes before gathering again, or gather fewer symbols at a time");
        }
        if (status / 100 != 2) {
            throw failure(FailReason.PROVIDER_ERROR, symbol, shown + " answered HTTP " + status,
                    "retry later; if it persists, check the provider's url_template and API key");
        }
        String trimmed = body.strip();
        String head = trimmed.lines().findFirst().orElse("");
        String type = response.headers().firstValue("Content-Type").orElse("");
        String lower = trimmed.toLowerCase(Locale.ROOT);
        if (trimmed.isEmpty() || lower.startsWith("no data")) {
            throw failure(FailReason.NOT_FOUND, symbol, "the provider '" + name + "' has no data for " + symbol,
                    "check the ticker as the provider spells it (Stooq: msft.us, ^spx, sap.de)");
        }
        // what came back is described (content type, size, shape), never quoted: it may be anything the URL reaches
        if (type.toLowerCase(Locale.ROOT).contains("html") || lower.startsWith("<!doctype") || lower.startsWith("<html") || lower.contains("<body")) {
            throw failure(FailReason.PROVIDER_ERROR, symbol, shown + " returned an HTML page instead of CSV (" + described(type, body) + ")",
                    "the provider may require a login or API key, or refuse this client; open the page in a browser to see why");
        }
        if (!head.toLowerCase(Locale.ROOT).contains("date") && !head.toLowerCase(Locale.ROOT).contains("data")) {
            throw failure(FailReason.PROVIDER_ERROR, symbol, shown + " did not return a price CSV: its first line is not a header with a Date column ("
                            + described(type, body) + ")",
                    "check the provider's url_template; it must return daily CSV with a Date column");
        }
        if (!body.endsWith("\n")) {
            // a CSV body that stops mid-line was cut short; a complete one ends with a newline
            int fields = trimmed.substring(trimmed.lastIndexOf('\n') + 1).split(",", -1).length;
            int columns = head.split(",", -1).length;
            if (fields != columns) {
                throw failure(FailReason.PROVIDER_ERROR, symbol, "the answer from " + shown + " was cut short: its last line has " + count(fields, "field")
                                + " where the header has " + columns + " (" + bytes(body) + ")",
                        "retry; nothing was written");
            }
        }
        return body;
    }

    /** An answer by its content type and size, with nothing of its content. */
    private static String described(String contentType, String body) {
        String media = contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        String type = media.isEmpty() ? "no content type"
                : media.matches("[a-z0-9!#$&^_.+-]{1,40}/[a-z0-9!#$&^_.+-]{1,80}") ? "content type " + media : "an unreadable content type";
        return type + ", " + bytes(body);
    }

    private static String bytes(String body) {
        return count(body.getBytes(StandardCharsets.UTF_8).length, "byte");
    }

    private static String count(long n, String unit) {
        return String.format(Locale.ROOT, "%,d %s%s", n, unit, n == 1 ? "" : "s");
    }

    private static String url(String template, String symbol, String key) {
        String today = LocalDate.now().toString();
        return template.replace("{symbol}", URLEncoder.encode(symbol, StandardCharsets.UTF_8))
                .replace("{api_key}", key.equals("***") ? key : URLEncoder.encode(key, StandardCharsets.UTF_8))
                .replace("{from}", "1900-01-01").replace("{to}", today);
    }

    /**
     * A download that failed: the field is {@code symbols} only when the provider has nothing for the ticker; a network
     * failure, a timeout or a provider's bad answer is no fault of the ticker the caller typed (a new user offline saw
     * {@code [SYMBOL]} blamed).
     */
    private SextantException failure(FailReason reason, String symbol, String message, String fix) {
        return new SextantException(reason, "gather " + symbol + " from " + name + ": " + message, reason == FailReason.NOT_FOUND ? "symbols" : null, fix);
    }

    /** The JDK's bound on one answer's headers (jdk.http.maxHeaderSize), which keeps endless headers out of memory. */
    private static final long MAX_HEADER_KIB = Long.getLong("jdk.http.maxHeaderSize", 393216) / 1024;

    /**
     * Why a download failed, in words even when Java gives no message (a refused connection has
     * none). Java's HTTP client quotes what the server sent when that is not HTTP (a status line,
     * a header, a chunk size): such messages are replaced by a description, and URLs in any
     * message are masked.
     */
    static String reason(IOException e, String key) {
        if (e instanceof java.net.ProtocolException) {
            // the JDK stops reading headers past jdk.http.maxHeaderSize (384 KiB by default)
            return String.valueOf(e.getMessage()).startsWith("Header size too big")
                    ? "the server's headers were larger than the " + MAX_HEADER_KIB + " KiB the client accepts"
                    : "the server's answer is not valid HTTP";
        }
        String text = maskUrls(clean(e.getMessage(), key));
        if (text.toLowerCase(Locale.ROOT).contains("chunk")) return "the answer's chunked transfer encoding is broken";
        if (!text.isBlank() && !text.contains("\"") && !text.matches("(?s).*\\b(java|javax|jdk|sun)\\.[a-z]+\\..*")) return text;
        if (e instanceof java.net.ConnectException) return "could not connect: the server refused or is unreachable";
        if (e instanceof java.net.UnknownHostException) return "unknown host: check the address and the network";
        return "the connection failed before the answer was complete";
    }

    /** The query values a message may show: the ones Sextant fills in (ticker, dates); any other value may be a key. */
    private static final Set<String> FILLED_IN = Set.of("{symbol}", "{from}", "{to}");
    private static final Pattern URL_IN_TEXT = Pattern.compile("(?i)\\b[a-z][a-z0-9+.-]*://[^\\s\"'<>()]+");

    /** Every URL in {@code text} masked as {@link #masked} does, with no query value shown. */
    static String maskUrls(String text) {
        return URL_IN_TEXT.matcher(text).replaceAll(m -> Matcher.quoteReplacement(masked(m.group(), Set.of())));
    }

    /** A URL as messages show it ({@link UrlMask#masked}). */
    static String masked(String url, Set<String> shown) {
        return UrlMask.masked(url, shown);
    }

    /** Removes the key (raw or URL-encoded) from any text that might echo the request. */
    static String clean(String text, String key) {
        if (text == null) return "";
        if (key == null || key.isEmpty()) return text;
        return text.replace(key, "***").replace(URLEncoder.encode(key, StandardCharsets.UTF_8), "***");
    }
}
