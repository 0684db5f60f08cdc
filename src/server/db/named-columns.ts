import type { Kysely } from 'kysely'

/** A camelCase name as the database spells it (`birthDateSort` → `birth_date_sort`), as `CamelCasePlugin` turns it. */
export type SnakeCase<S extends string, Done extends string = ''> = S extends `${infer Char}${infer Rest}`
  ? SnakeCase<Rest, `${Done}${Char extends Lowercase<Char> ? Char : `_${Lowercase<Char>}`}`>
  : Done

/** Tables as the database names them and their columns: what a handle without the case plugin queries. */
export type SnakeCased<DB> = {
  [Table in keyof DB & string as SnakeCase<Table>]: { [Column in keyof DB[Table] & string as SnakeCase<Column>]: DB[Table][Column] }
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`)

/**
 * The same connection without `CamelCasePlugin`, for reads whose queries name their columns in
 * camelCase themselves (`camelColumns`): the plugin would otherwise copy every row read into a new
 * object with its keys renamed, which a read of 100,000 rows pays row by row. On PostgreSQL it
 * keeps the pool that reads instants as ISO strings, as `db` does.
 */
export function withoutCaseConversion<DB>(db: Kysely<DB>): Kysely<SnakeCased<DB>> {
  return db.withoutPlugins() as unknown as Kysely<SnakeCased<DB>>
}

/** `table.snake_name as camelName`, each column's own (not every pairing of the union's members). */
type Named<Table extends string, Column extends string> = { [Each in Column]: `${Table}.${SnakeCase<Each>} as ${Each}` }[Column]

/** `table.snake_name as camelName` for each column: rows come with the names repositories use. */
export function camelColumns<Table extends string, Column extends string>(table: Table, columns: readonly Column[]): Named<Table, Column>[] {
  return columns.map((column) => `${table}.${snakeCase(column)} as ${column}` as Named<Table, Column>)
}

/**
 * `columns` when they are every column of `Row` (a column added to the table and not to the list
 * fails to compile): for a read that answers whole rows without `selectAll()`.
 */
export function everyColumn<Row>() {
  return <const Columns extends readonly (keyof Row & string)[]>(columns: Columns & ([Exclude<keyof Row, Columns[number]>] extends [never] ? unknown : never)): Columns => columns
}
