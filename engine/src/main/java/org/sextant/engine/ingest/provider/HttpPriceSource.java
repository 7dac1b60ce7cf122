package org.sextant.engine.ingest.provider;

import org.sextant.contract.FailReason;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.Locale;
import org.sextant.engine.SextantException;
import org.sextant.engine.home.Settings;

/**
 * Daily history of one symbol from a provider's CSV endpoint. Every message it produces shows
 * the URL with the API key replaced by ***, and never the key itself.
 */
public final class HttpPriceSource {
    private final String name;
    private final Settings.Provider provider;
    private final HttpClient client;
    private final Duration readTimeout;

    public HttpPriceSource(String name, Settings.Provider provider, Duration connectTimeout, Duration readTimeout) {
        this.name = name;
        this.provider = provider;
        this.readTimeout = readTimeout;
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
        String shown = url(template, symbol, "***");
        HttpResponse<String> response;
        try {
            URI uri = URI.create(url(template, symbol, key == null ? "" : key));
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(readTimeout).header("Accept", "text/csv, text/plain")
                    .header("User-Agent", "Sextant").GET().build();
            response = client.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (HttpTimeoutException e) {
            throw failure(FailReason.TIMEOUT, symbol, "no answer from " + shown + " within the time limit", "retry later, or check the network and the provider");
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
        String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        String lower = trimmed.toLowerCase(Locale.ROOT);
        if (trimmed.isEmpty() || lower.startsWith("no data")) {
            throw failure(FailReason.NOT_FOUND, symbol, "the provider '" + name + "' has no data for " + symbol,
                    "check the ticker as the provider spells it (Stooq: msft.us, ^spx, sap.de)");
        }
        if (type.contains("html") || lower.startsWith("<!doctype") || lower.startsWith("<html") || lower.contains("<body")) {
            throw failure(FailReason.PROVIDER_ERROR, symbol, shown + " returned an HTML page instead of CSV (" + abbreviate(clean(head, provider.apiKey())) + ")",
                    "the provider may require a login or API key, or refuse this client; open the page in a browser to see why");
        }
        if (!head.toLowerCase(Locale.ROOT).contains("date") && !head.toLowerCase(Locale.ROOT).contains("data")) {
            throw failure(FailReason.PROVIDER_ERROR, symbol, shown + " did not return a price CSV (first line: " + abbreviate(clean(head, provider.apiKey())) + ")",
                    "check the provider's url_template; it must return daily CSV with a Date column");
        }
        if (!body.endsWith("\n")) {
            // a CSV body that stops mid-line was cut short; a complete one ends with a newline
            String last = trimmed.substring(trimmed.lastIndexOf('\n') + 1);
            if (last.split(",", -1).length != head.split(",", -1).length) {
                throw failure(FailReason.PROVIDER_ERROR, symbol, "the answer from " + shown + " was cut short (last line: " + abbreviate(last) + ")",
                        "retry; nothing was written");
            }
        }
        return body;
    }

    private static String url(String template, String symbol, String key) {
        String today = LocalDate.now().toString();
        return template.replace("{symbol}", URLEncoder.encode(symbol, StandardCharsets.UTF_8))
                .replace("{api_key}", key.equals("***") ? key : URLEncoder.encode(key, StandardCharsets.UTF_8))
                .replace("{from}", "1900-01-01").replace("{to}", today);
    }

    private SextantException failure(FailReason reason, String symbol, String message, String fix) {
        return new SextantException(reason, "gather " + symbol + " from " + name + ": " + message, "symbols", fix);
    }

    /** Why a download failed, in words even when Java gives no message (a refused connection has none). */
    static String reason(IOException e, String key) {
        String text = clean(e.getMessage(), key);
        if (!text.isBlank()) return text;
        if (e instanceof java.net.ConnectException) return "could not connect: the server refused or is unreachable";
        if (e instanceof java.net.UnknownHostException) return "unknown host: check the address and the network";
        return e.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(java.util.Locale.ROOT);
    }

    /** Removes the key (raw or URL-encoded) from any text that might echo the request. */
    static String clean(String text, String key) {
        if (text == null) return "";
        if (key == null || key.isEmpty()) return text;
        return text.replace(key, "***").replace(URLEncoder.encode(key, StandardCharsets.UTF_8), "***");
    }

    private static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }
}
