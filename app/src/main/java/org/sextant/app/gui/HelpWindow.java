package org.sextant.app.gui;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * A bundled document (the user guide, the agents' guide) drawn as text and pictures, with a
 * search field that keeps the sections naming the words, a Close button and Esc to close.
 */
final class HelpWindow {
    /** Where the build copies docs/*.md and docs/images (app/pom.xml). */
    static final String DOCS = "/org/sextant/app/docs/";

    private final Stage stage = new Stage();
    private final TextField search = new TextField();
    private final Label matches = new Label();
    private final VBox page = new VBox(18);
    private final List<MarkdownView.Section> sections;

    HelpWindow(Window owner, String file, String title) {
        sections = MarkdownView.sections(read(file), DOCS);
        sections.forEach(s -> page.getChildren().add(s.node()));
        page.setPadding(new Insets(12, 16, 16, 16));
        page.setId("help-page");
        ScrollPane scroll = new ScrollPane(page);
        scroll.setFitToWidth(true);
        scroll.setId("help-scroll");
        search.setId("help-search");
        search.setPromptText("Search the guide");
        search.textProperty().addListener((obs, old, now) -> filter(now));
        HBox.setHgrow(search, Priority.ALWAYS);
        matches.setId("help-matches");
        Button close = new Button("Close");
        close.setId("help-close");
        close.setCancelButton(true); // Esc
        close.setOnAction(e -> stage.close());
        HBox bar = new HBox(8, new Label("Find"), search, matches, close);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(8));
        BorderPane root = new BorderPane(scroll, bar, null, null, null);
        root.setId("help-window");
        Scene scene = new Scene(root, 960, 720);
        scene.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) stage.close();
        });
        if (owner != null && owner.getScene() != null) WorkstationTheme.of(owner.getScene()).applyTo(scene);
        stage.initOwner(owner);
        stage.setTitle(title);
        stage.setScene(scene);
    }

    /** Keeps the sections whose text has every word of {@code query}; blank shows them all. */
    void filter(String query) {
        String[] words = query == null ? new String[0] : query.toLowerCase(Locale.ROOT).trim().split("\\s+");
        int shown = 0;
        for (MarkdownView.Section s : sections) {
            String text = s.text().toLowerCase(Locale.ROOT);
            boolean hit = true;
            for (String w : words) hit &= w.isEmpty() || text.contains(w);
            s.node().setVisible(hit);
            s.node().setManaged(hit);
            if (hit) shown++;
        }
        boolean all = words.length == 0 || words[0].isEmpty();
        matches.setText(all ? "" : shown == 0 ? "no section mentions it" : shown + (shown == 1 ? " section" : " sections"));
    }

    Stage stage() { return stage; }
    TextField searchField() { return search; }
    List<MarkdownView.Section> sections() { return sections; }

    void show() {
        stage.show();
        search.requestFocus();
    }

    private static String read(String file) {
        try (InputStream in = HelpWindow.class.getResourceAsStream(DOCS + file)) {
            return in == null ? "# " + file + "\n\n" + file + " is not bundled with this build." : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "# " + file + "\n\nIt could not be read: " + e.getMessage();
        }
    }
}
