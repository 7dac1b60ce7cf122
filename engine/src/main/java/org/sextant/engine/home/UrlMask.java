package org.sextant.engine.home;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * How a provider's URL is shown in messages, settings answers and the state file: a key written
 * into it literally (user-info, a query value) must not leave the machine, as the api_key does not.
 */
public final class UrlMask {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{[a-z_]+\\}");

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
        StringBuilder out = new StringBuilder(at >= start ? head.substring(0, start) + "***" + head.substring(at) : head);
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

}
