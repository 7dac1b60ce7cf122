package org.sextant.engine.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** docs/benchmarks.md opens with an index: a reader finds every benchmark section from it, and no link there leads nowhere. */
class BenchmarksIndexTest {
    @Test
    void theIndexLinksEverySectionAndOnlySections() throws Exception {
        String text = Files.readString(Path.of("../docs/benchmarks.md"));
        int firstSection = text.indexOf("\n## ");
        Set<String> linked = links(text.substring(0, firstSection));
        List<String> sections = Pattern.compile("^## (.+)$", Pattern.MULTILINE).matcher(text).results().map(m -> anchor(m.group(1))).toList();
        assertEquals(List.of(), sections.stream().filter(a -> !linked.contains(a)).toList(), "sections the index of docs/benchmarks.md does not link");
        assertEquals(Set.of(), linked.stream().filter(a -> !sections.contains(a)).collect(Collectors.toSet()), "index links to no section");
    }

    @Test
    void anchorsAreGitHubs() {
        assertEquals("dry-run-origin-bound-scale-out", anchor("Dry-run origin bound (scale-out)"));
        assertEquals("ets--theta--arima-cpu-issue-18", anchor("ETS + Theta + ARIMA: CPU (issue 18)"));
        assertEquals(Set.of("a-b", "c"), links("[x](#a-b) · [y](#c) [z](https://example.com)"));
    }

    /** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
    static String anchor(String heading) {
        return heading.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
    }

    private static Set<String> links(String index) {
        Matcher m = Pattern.compile("\\]\\(#([^)]+)\\)").matcher(index);
        return m.results().map(r -> r.group(1)).collect(Collectors.toSet());
    }
}
