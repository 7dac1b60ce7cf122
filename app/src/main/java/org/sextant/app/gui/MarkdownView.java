package org.sextant.app.gui;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontPosture;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * The Markdown our docs use, drawn as JavaFX nodes: headings, paragraphs, bullet lists, pipe
 * tables, fenced code and pictures (read from the bundled docs), with **bold**, *italic* and
 * `code` inside text. One {@link Section} per heading, so a search can show the sections that match.
 */
final class MarkdownView {
    private static final Pattern IMAGE = Pattern.compile("!\\[([^]]*)]\\(([^)]+)\\)");
    private static final Pattern INLINE = Pattern.compile("\\*\\*(.+?)\\*\\*|`([^`]+)`|\\*([^*\\s][^*]*?)\\*|\\[([^]]+)]\\([^)]+\\)");

    /** A heading and the blocks under it; {@code text} is what a search looks in. */
    record Section(String title, VBox node, String text) {}

    private MarkdownView() {}

    /** The sections of {@code markdown}; pictures are read relative to {@code base} (a class-path folder). */
    static List<Section> sections(String markdown, String base) {
        List<Section> out = new ArrayList<>();
        VBox box = new VBox(8);
        StringBuilder text = new StringBuilder();
        String title = "";
        String[] lines = markdown.replace("\r", "").split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("#")) {
                if (!box.getChildren().isEmpty()) out.add(new Section(title, box, text.toString()));
                box = new VBox(8);
                text = new StringBuilder();
                int level = (int) line.chars().takeWhile(c -> c == '#').count();
                title = line.substring(level).strip();
                Label h = new Label(title);
                h.setFont(Font.font(null, FontWeight.BOLD, level == 1 ? 22 : level == 2 ? 18 : 15));
                h.setWrapText(true);
                h.getStyleClass().add("guide-heading");
                box.getChildren().add(h);
                text.append(title).append('\n');
            } else if (line.startsWith("```")) {
                StringBuilder code = new StringBuilder();
                while (++i < lines.length && !lines[i].startsWith("```")) code.append(lines[i]).append('\n');
                Label c = new Label(code.toString().stripTrailing());
                c.getStyleClass().add("code");
                c.setStyle("-fx-font-family: monospace; -fx-padding: 6; -fx-background-color: rgba(127,127,127,0.15);");
                box.getChildren().add(c);
                text.append(code);
            } else if (line.startsWith("|")) {
                GridPane table = new GridPane();
                table.setHgap(14);
                table.setVgap(4);
                int row = 0;
                for (; i < lines.length && lines[i].startsWith("|"); i++) {
                    if (lines[i].matches("\\|[-:| ]+\\|?")) continue; // the header rule
                    String[] cells = lines[i].replaceAll("^\\||\\|$", "").split("\\|", -1);
                    for (int col = 0; col < cells.length; col++) {
                        TextFlow cell = flow(cells[col].strip(), row == 0);
                        cell.setMaxWidth(col == cells.length - 1 ? 560 : 300);
                        table.add(cell, col, row);
                        text.append(cells[col]).append(' ');
                    }
                    text.append('\n');
                    row++;
                }
                i--;
                box.getChildren().add(table);
            } else if (IMAGE.matcher(line.strip()).matches()) {
                Matcher m = IMAGE.matcher(line.strip());
                m.matches();
                Node picture = picture(base + m.group(2), m.group(1));
                box.getChildren().add(picture);
                text.append(m.group(1)).append('\n');
            } else if (!line.isBlank()) {
                // a paragraph or list item runs until a blank line (or the next item)
                StringBuilder para = new StringBuilder(line.strip());
                boolean item = line.startsWith("- ") || line.startsWith("* ");
                while (i + 1 < lines.length && !lines[i + 1].isBlank() && !lines[i + 1].startsWith("#") && !lines[i + 1].startsWith("|")
                        && !lines[i + 1].startsWith("- ") && !lines[i + 1].startsWith("```") && !IMAGE.matcher(lines[i + 1].strip()).matches()) {
                    para.append(' ').append(lines[++i].strip());
                }
                String p = item ? "•  " + para.substring(2) : para.toString();
                box.getChildren().add(flow(p, false));
                text.append(p).append('\n');
            }
        }
        if (!box.getChildren().isEmpty()) out.add(new Section(title, box, text.toString()));
        return out;
    }

    /** Text with **bold**, *italic*, `code` and [links](…) (shown as their words). */
    static TextFlow flow(String markdown, boolean bold) {
        TextFlow f = new TextFlow();
        f.getStyleClass().add("guide-text");
        Matcher m = INLINE.matcher(markdown);
        int at = 0;
        while (m.find()) {
            if (m.start() > at) f.getChildren().add(text(markdown.substring(at, m.start()), bold ? FontWeight.BOLD : FontWeight.NORMAL, false, false));
            if (m.group(1) != null) f.getChildren().add(text(m.group(1), FontWeight.BOLD, false, false));
            else if (m.group(2) != null) f.getChildren().add(text(m.group(2), FontWeight.NORMAL, false, true));
            else if (m.group(3) != null) f.getChildren().add(text(m.group(3), FontWeight.NORMAL, true, false));
            else f.getChildren().add(text(m.group(4), FontWeight.NORMAL, false, false));
            at = m.end();
        }
        if (at < markdown.length()) f.getChildren().add(text(markdown.substring(at), bold ? FontWeight.BOLD : FontWeight.NORMAL, false, false));
        return f;
    }

    private static Text text(String s, FontWeight weight, boolean italic, boolean code) {
        Text t = new Text(s);
        t.getStyleClass().add("guide-run");
        double size = Font.getDefault().getSize();
        t.setFont(code ? Font.font("Monospaced", size) : Font.font(null, weight, italic ? FontPosture.ITALIC : FontPosture.REGULAR, size));
        return t;
    }

    private static Node picture(String resource, String caption) {
        try (InputStream in = MarkdownView.class.getResourceAsStream(resource)) {
            if (in == null) return new Label("[picture: " + caption + "]");
            ImageView v = new ImageView(new Image(in));
            v.setPreserveRatio(true);
            v.setFitWidth(Math.min(860, v.getImage().getWidth()));
            v.setSmooth(true);
            Label l = new Label(null, v);
            l.setAccessibleText(caption);
            return l;
        } catch (java.io.IOException e) {
            return new Label("[picture: " + caption + "]");
        }
    }
}
