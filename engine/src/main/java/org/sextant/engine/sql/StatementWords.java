package org.sextant.engine.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The first keyword of each statement in a SQL text, skipping comments and quoted text. Used
 * only to word a refusal ("INSERT modifies the store"); whether a text is accepted is decided
 * by DuckDB's own parser, never by this scanner.
 */
final class StatementWords {
    private StatementWords() {}

    static List<String> firstWords(String sql) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean seekingWord = true;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char ch = sql.charAt(i);
            if (ch == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') i++;
                seekingWord = flush(words, word, seekingWord);
            } else if (ch == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                seekingWord = flush(words, word, seekingWord);
            } else if (ch == '\'' || ch == '"') {
                int end = sql.indexOf(ch, i + 1);
                i = end < 0 ? n : end + 1;
                seekingWord = flush(words, word, seekingWord);
            } else if (ch == ';') {
                seekingWord = flush(words, word, seekingWord);
                seekingWord = true;
                i++;
            } else if (seekingWord && Character.isLetter(ch)) {
                word.append(ch);
                i++;
            } else {
                seekingWord = flush(words, word, seekingWord);
                i++;
            }
        }
        flush(words, word, seekingWord);
        return words;
    }

    private static boolean flush(List<String> words, StringBuilder word, boolean seekingWord) {
        if (word.length() > 0) {
            words.add(word.toString().toUpperCase(Locale.ROOT));
            word.setLength(0);
            return false;
        }
        return seekingWord;
    }
}
