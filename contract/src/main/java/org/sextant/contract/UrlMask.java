package org.sextant.contract;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a provider's URL is shown in messages, settings answers and the state file: a key written
 * into it literally (user-info, a query value, a path segment) must not leave the machine, as the
 * api_key does not.
 */
public final class UrlMask {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[a-z_]+\\}");
    /** A path segment that reads as a key: 16 or more letters and digits mixed, or 24 or more digits (tickers, dates and words are not). */
    private static final Pattern KEY_LIKE = Pattern.compile("(?=.*[0-9])(?=.*[A-Za-z])[A-Za-z0-9_.~-]{16,}|[0-9]{24,}");
    /** A path segment naming what the next one is (…/apikey/SECRET/…). */
    private static final Pattern KEY_NAME = Pattern.compile("(?i)(api[_-]?)?(key|token|secret|password|auth)");

    private UrlMask() {}

    /**
     * A URL (or URL template) as messages show it: its user-info, its fragment and each query value
     * as ***, except values that are exactly one of {@code shown} or a template's placeholder ({symbol}). Works on text that is not a
     * valid URI too, so an invalid url_template is masked the same way.
     */
    public static String masked(String url, Set<String> shown) {
        int scheme = url.indexOf("://");
        int start = scheme < 0 ? 0 : scheme + 3;
        int hash = url.indexOf('#', start);
        String beforeHash = hash < 0 ? url : url.substring(0, hash);
        int question = beforeHash.indexOf('?', start);
        String head = question < 0 ? beforeHash : beforeHash.substring(0, question);
        int slash = head.indexOf('/', start);
        int at = head.lastIndexOf('@', slash < 0 ? head.length() - 1 : slash - 1);
        String authority = at >= start ? head.substring(0, start) + "***" + head.substring(at, slash < 0 ? head.length() : slash)
                : head.substring(0, slash < 0 ? head.length() : slash);
        StringBuilder out = new StringBuilder(authority).append(slash < 0 ? "" : path(head.substring(slash), shown));
        if (question >= 0) {
            out.append('?');
            String[] params = beforeHash.substring(question + 1).split("&", -1);
            for (int i = 0; i < params.length; i++) {
                String param = params[i];
                int eq = param.indexOf('=');
                String value = eq < 0 ? param : param.substring(eq + 1);
                if (i > 0) out.append('&');
                out.append(param, 0, eq + 1).append(value.isEmpty() || shown.contains(value) || PLACEHOLDER.matcher(value).matches() ? value : "***");
            }
        }
        if (hash >= 0) out.append(hash == url.length() - 1 ? "#" : "#***");
        return out.toString();
    }

    /**
     * The path with each key-like segment, each segment after one named key or token, and each value written into a segment
     * ({@code key=…}, a matrix parameter {@code ;token=…}) as ***.
     */
    private static String path(String path, Set<String> shown) {
        String[] segments = path.split("/", -1);
        boolean named = false;
        for (int i = 0; i < segments.length; i++) {
            String[] parts = segments[i].split(";", -1);
            String seg = parts[0];
            boolean keep = seg.isEmpty() || shown(seg, shown);
            if (!keep && (named || KEY_LIKE.matcher(seg).matches())) parts[0] = "***";
            else if (!keep && seg.indexOf('=') > 0) parts[0] = valueMasked(seg, shown);
            for (int p = 1; p < parts.length; p++) parts[p] = valueMasked(parts[p], shown);
            segments[i] = String.join(";", parts);
            named = KEY_NAME.matcher(seg).matches();
        }
        return String.join("/", segments);
    }

    /** {@code name=value} with the value as ***, unless Sextant filled it in or it is a placeholder; text without = whole. */
    private static String valueMasked(String param, Set<String> shown) {
        int eq = param.indexOf('=');
        String value = eq < 0 ? param : param.substring(eq + 1);
        return param.substring(0, eq + 1) + (value.isEmpty() || shown(value, shown) ? value : "***");
    }

    private static boolean shown(String text, Set<String> shown) {
        return shown.contains(text) || PLACEHOLDER.matcher(text).matches();
    }

}
