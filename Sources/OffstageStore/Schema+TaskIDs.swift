import Foundation

extension Schema {
    /// Version 4: task ids get their own counter, so inbox commands no longer use them up.
    ///
    /// Until version 3, task ids and inbox ids shared the inbox's sequence. The counter starts past every id
    /// either ever handed out, so no existing task (nor an `add` still pending, which `ls` already showed with its
    /// id) changes id; an `add` now reserves its task's id in the inbox row's `task_id` when it is enqueued.
    static let version4 = Migration(
        summary: "task id counter",
        sql: """
            CREATE TABLE task_ids (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                last INTEGER NOT NULL
            );
            INSERT INTO task_ids (id, last) VALUES (1, max(
                coalesce((SELECT max(id) FROM tasks), 0),
                coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'inbox'), 0)));
            ALTER TABLE inbox ADD COLUMN task_id INTEGER;
            UPDATE inbox SET task_id = id WHERE command LIKE '{"add":%';
            DROP TRIGGER IF EXISTS tasks_reserve_id;
            -- A task inserted with an id it did not get from the counter (a fixture, an import) moves the counter
            -- past it, so no later task can reuse it.
            CREATE TRIGGER tasks_reserve_task_id AFTER INSERT ON tasks BEGIN
                UPDATE task_ids SET last = NEW.id WHERE id = 1 AND last < NEW.id;
            END;
            """
    )
}
