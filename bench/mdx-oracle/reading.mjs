// What @mdx-js/mdx 3 (the compiler Mintlify runs on every page) reads from an
// MDX source, as a small JSON projection that sheaf's own reading is compared
// with (tests/mdx-oracle/README.md defines it; bench/mdx-oracle.sh runs this).
//
//   mdxReading(source)  -> {accepted, error, elements, expressions, esm}
//
// CLI (run from anywhere; bench/mdx-oracle.sh is the usual entry point):
//   node reading.mjs record CASES.txt OUT.json   parse the case corpus, write the recording
//   node reading.mjs cases RECORDED.json DIR     write each recorded case's source to DIR/NAME.mdx
//   node reading.mjs read                        file paths on stdin, one per line; prints one
//                                                {"path", "reading"} JSON line per path (the
//                                                interface of sheaf's `mdx_reading` example)
//   node reading.mjs diff MDX.jsonl SHEAF.jsonl  compare two such outputs (paths in the same
//                                                order); prints the differences and a summary;
//                                                exit 1 when any page differs
//   node reading.mjs reading FILE                one file's reading, pretty-printed
import {readFileSync, writeFileSync, mkdirSync} from 'node:fs'
import path from 'node:path'
import {createProcessor} from '@mdx-js/mdx'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import {VFile} from 'vfile'
import YAML from 'yaml'

// Mintlify renders TeX between `$` and `$$` (its "LaTeX" page), so braces there are TeX, not
// expressions: remark-math reads them as Mintlify does.
const remarkPlugins = [remarkFrontmatter, remarkGfm, remarkMath]
const processor = createProcessor({format: 'mdx', remarkPlugins})

// ---------------------------------------------------------------------------
// The reading

// Accepted: parsed and compiled without error. The projection is taken from
// the tree `parse` gives (micromark's MDX extensions attach `data.estree` while
// parsing), before `run` transforms it; parse + run + stringify is what
// `compile` does, without parsing twice.
export async function mdxReading(source) {
  let reading
  try {
    const file = new VFile(source)
    const tree = processor.parse(file)
    reading = project(tree)
    processor.stringify(await processor.run(tree, file), file)
  } catch (error) {
    return rejected(error)
  }
  return reading
}

function rejected(error) {
  const isMessage = error && typeof error === 'object' && 'reason' in error
  return {
    accepted: false,
    error: {
      line: isMessage && Number.isInteger(error.line) ? error.line : null,
      column: isMessage && Number.isInteger(error.column) ? error.column : null,
      message: String(isMessage ? error.reason : (error && error.message) || error)
    },
    elements: [],
    expressions: [],
    esm: []
  }
}

function project(tree) {
  const scope = {frontmatter: frontmatterOf(tree), consts: new Map()}
  // `export const NAME = <static>` anywhere in the page (pre-order, as for
  // `esm`): an initialiser sees the constants exported before it, elements
  // and expressions see them all; a name exported twice keeps the last.
  const collect = (node) => {
    if (node.type === 'mdxjsEsm') collectConsts(node, scope)
    for (const child of node.children || []) collect(child)
  }
  collect(tree)
  const elements = []
  const expressions = []
  const esm = []
  const walk = (node, parent) => {
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const index = elements.length
      elements.push({
        name: node.name == null ? '' : node.name,
        attrs: attributes(node.attributes, scope),
        parent,
        text: textOf(node)
      })
      parent = index
    } else if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      const program = node.data && node.data.estree
      const empty = program ? program.body.length === 0 : node.value.trim() === ''
      if (!empty) expressions.push(valueOf(program, node.value, scope))
    } else if (node.type === 'mdxjsEsm') {
      esm.push(node.value.trim())
    }
    for (const child of node.children || []) walk(child, parent)
  }
  walk(tree, null)
  return {accepted: true, error: null, elements, expressions, esm}
}

// The page's YAML frontmatter as an object ({} when absent, invalid or not a
// mapping).
function frontmatterOf(tree) {
  const node = tree.children.find((child) => child.type === 'yaml')
  if (!node) return {}
  try {
    const value = YAML.parse(node.value)
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  } catch {
    return {}
  }
}

function collectConsts(node, scope) {
  const program = node.data && node.data.estree
  if (!program) return
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' && statement.declaration
    if (!declaration || declaration.type !== 'VariableDeclaration') continue
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== 'Identifier' || !declarator.init) continue
      const value = evaluate(declarator.init, scope)
      if (value === NOT_STATIC) scope.consts.delete(declarator.id.name)
      else scope.consts.set(declarator.id.name, value)
    }
  }
}

// Attributes in order: the last of a name wins; a static object spread
// assigns its keys at its place; any other spread sets "...".
function attributes(list, scope) {
  const attrs = {}
  for (const attribute of list) {
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      const program = attribute.data && attribute.data.estree
      const expression = program && program.body[0] && program.body[0].expression
      const spread = expression && expression.type === 'ObjectExpression' && expression.properties[0]
      const value = spread && spread.type === 'SpreadElement' ? evaluate(spread.argument, scope) : NOT_STATIC
      if (isObject(value)) {
        for (const [key, item] of Object.entries(value)) put(attrs, key, item)
      } else {
        put(attrs, '...', {$expr: attribute.value.trim().replace(/^\.\.\./, '').trim()})
      }
    } else if (attribute.value === null || attribute.value === undefined) {
      put(attrs, attribute.name, true)
    } else if (typeof attribute.value === 'string') {
      put(attrs, attribute.name, attribute.value)
    } else {
      put(attrs, attribute.name, valueOf(attribute.value.data && attribute.value.data.estree, attribute.value.value, scope))
    }
  }
  return attrs
}

// An expression's static value, or {"$expr": its source text, trimmed}.
function valueOf(program, source, scope) {
  const statement = program && program.body.length === 1 && program.body[0]
  if (statement && statement.type === 'ExpressionStatement') {
    const value = evaluate(statement.expression, scope)
    if (value !== NOT_STATIC) return value
  }
  return {$expr: source.trim()}
}

const NOT_STATIC = Symbol('not static')

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

function isScalar(value) {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value)
}

// Non-finite numbers are not static; -0 is 0.
function finite(value) {
  return Number.isFinite(value) ? value + 0 : NOT_STATIC
}

// obj[key] = value, also for "__proto__" (an own key, never the prototype).
function put(object, key, value) {
  Object.defineProperty(object, key, {value, enumerable: true, writable: true, configurable: true})
}

// Static evaluation of an estree expression (never `eval`).
function evaluate(node, scope) {
  switch (node.type) {
    case 'Literal':
      if (node.regex || node.bigint !== undefined) return NOT_STATIC
      return typeof node.value === 'number' ? finite(node.value) : node.value
    case 'TemplateLiteral': {
      let out = ''
      for (let i = 0; i < node.quasis.length; i++) {
        const cooked = node.quasis[i].value.cooked
        if (cooked == null) return NOT_STATIC
        out += cooked
        if (i < node.expressions.length) {
          const value = evaluate(node.expressions[i], scope)
          if (value === NOT_STATIC || !isScalar(value)) return NOT_STATIC
          out += String(value)
        }
      }
      return out
    }
    case 'UnaryExpression': {
      const value = evaluate(node.argument, scope)
      if (value === NOT_STATIC) return NOT_STATIC
      if (node.operator === '!') return !value
      if (typeof value !== 'number') return NOT_STATIC
      if (node.operator === '-') return finite(-value)
      if (node.operator === '+') return value
      return NOT_STATIC
    }
    case 'BinaryExpression': {
      if (!['+', '-', '*', '/'].includes(node.operator)) return NOT_STATIC
      const left = evaluate(node.left, scope)
      if (left === NOT_STATIC) return NOT_STATIC
      const right = evaluate(node.right, scope)
      if (right === NOT_STATIC) return NOT_STATIC
      if (node.operator === '+' && (typeof left === 'string' || typeof right === 'string')) {
        return isScalar(left) && isScalar(right) ? String(left) + String(right) : NOT_STATIC
      }
      if (typeof left !== 'number' || typeof right !== 'number') return NOT_STATIC
      if (node.operator === '+') return finite(left + right)
      if (node.operator === '-') return finite(left - right)
      if (node.operator === '*') return finite(left * right)
      return finite(left / right)
    }
    case 'ArrayExpression': {
      const out = []
      for (const element of node.elements) {
        if (element === null) return NOT_STATIC // a hole: [1, , 2]
        if (element.type === 'SpreadElement') {
          const value = evaluate(element.argument, scope)
          if (!Array.isArray(value)) return NOT_STATIC
          out.push(...value)
        } else {
          const value = evaluate(element, scope)
          if (value === NOT_STATIC) return NOT_STATIC
          out.push(value)
        }
      }
      return out
    }
    case 'ObjectExpression': {
      const out = {}
      for (const property of node.properties) {
        if (property.type === 'SpreadElement') {
          const value = evaluate(property.argument, scope)
          if (!isObject(value)) return NOT_STATIC
          for (const [key, item] of Object.entries(value)) put(out, key, item)
          continue
        }
        if (property.kind !== 'init' || property.method || property.computed) return NOT_STATIC
        let key
        if (property.key.type === 'Identifier') key = property.key.name
        else if (property.key.type === 'Literal' && typeof property.key.value === 'string') key = property.key.value
        else if (property.key.type === 'Literal' && typeof property.key.value === 'number') key = String(property.key.value)
        else return NOT_STATIC
        const value = evaluate(property.value, scope)
        if (value === NOT_STATIC) return NOT_STATIC
        put(out, key, value)
      }
      return out
    }
    case 'ParenthesizedExpression':
      return evaluate(node.expression, scope)
    case 'Identifier':
      return scope.consts.has(node.name) ? scope.consts.get(node.name) : NOT_STATIC
    case 'MemberExpression': {
      if (node.computed || node.optional || node.object.type !== 'Identifier' || node.object.name !== 'frontmatter') return NOT_STATIC
      if (node.property.type !== 'Identifier') return NOT_STATIC
      const fm = scope.frontmatter
      if (!Object.prototype.hasOwnProperty.call(fm, node.property.name)) return NOT_STATIC
      return staticYaml(fm[node.property.name])
    }
    default:
      return NOT_STATIC
  }
}

// A frontmatter value is static when it is JSON-like all the way down (no
// non-finite number).
function staticYaml(value) {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return finite(value)
  if (Array.isArray(value)) {
    const out = []
    for (const item of value) {
      const v = staticYaml(item)
      if (v === NOT_STATIC) return NOT_STATIC
      out.push(v)
    }
    return out
  }
  if (isObject(value) && Object.getPrototypeOf(value) === Object.prototype) {
    const out = {}
    for (const [key, item] of Object.entries(value)) {
      const v = staticYaml(item)
      if (v === NOT_STATIC) return NOT_STATIC
      put(out, key, v)
    }
    return out
  }
  return NOT_STATIC
}

// Every text, inlineCode and code value below the element, joined, with every
// Unicode White_Space character removed (Rust: `char::is_whitespace`).
function textOf(element) {
  let out = ''
  const walk = (node) => {
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') out += node.value
    for (const child of node.children || []) walk(child)
  }
  for (const child of element.children) walk(child)
  return out.replace(/\p{White_Space}/gu, '')
}

// ---------------------------------------------------------------------------
// The case corpus (tests/mdx-oracle/README.md): `==> NAME <==` starts a case;
// its source is the following lines up to the next header, with trailing
// blank lines removed and exactly one "\n" appended. Lines before the first
// header are a comment. Lines are split on "\n" only, so a "\r" stays in the
// source (CRLF cases are written with real CRLF line endings).

export function parseCases(text) {
  const cases = []
  const names = new Set()
  let current = null
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  for (const line of lines) {
    const header = /^==> (.*) <==$/.exec(line)
    if (header) {
      const name = header[1]
      if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) throw new Error(`case name not kebab-case: ${JSON.stringify(name)}`)
      if (names.has(name)) throw new Error(`duplicate case name: ${name}`)
      names.add(name)
      current = {name, lines: []}
      cases.push(current)
    } else if (current) {
      current.lines.push(line)
    }
  }
  return cases.map(({name, lines}) => {
    while (lines.length > 0 && /^[ \t\r]*$/.test(lines[lines.length - 1])) lines.pop()
    return {name, source: lines.join('\n') + '\n'}
  })
}

function version(name) {
  const manifest = new URL(`node_modules/${name}/package.json`, import.meta.url)
  return JSON.parse(readFileSync(manifest, 'utf8')).version
}

// ---------------------------------------------------------------------------
// Comparison: deep equality of the projections after normalisation: `error`
// is not compared (MDX's message and place are shown when only one side
// rejects), object key order does not matter, numbers compare as numbers
// (42 == 42.0), and a `{"$expr": TEXT}` compares TEXT with every Unicode
// White_Space character removed (MDX strips container prefixes and up to two
// columns of indent from an expression's continuation lines, splitting tabs:
// not worth copying for a value nobody evaluates).

export function normalise(value) {
  if (Array.isArray(value)) return value.map(normalise)
  if (isObject(value)) {
    const keys = Object.keys(value)
    if (keys.length === 1 && keys[0] === '$expr' && typeof value.$expr === 'string') {
      return {$expr: value.$expr.replace(/\p{White_Space}/gu, '')}
    }
    const out = {}
    for (const key of keys) put(out, key, normalise(value[key]))
    return out
  }
  return value
}

function describe(value) {
  const text = JSON.stringify(value)
  return text === undefined ? 'nothing' : text.length > 80 ? text.slice(0, 77) + '...' : text
}

function differences(mdx, sheaf, at, out) {
  if (out.length >= 4) return
  if (Array.isArray(mdx) && Array.isArray(sheaf)) {
    const n = Math.min(mdx.length, sheaf.length)
    for (let i = 0; i < n; i++) differences(mdx[i], sheaf[i], `${at}[${i}]`, out)
    if (mdx.length !== sheaf.length && out.length < 4) {
      out.push(`${at}: mdx has ${mdx.length} items, sheaf ${sheaf.length}` +
        (mdx.length > n ? ` (mdx's next: ${describe(mdx[n])})` : ` (sheaf's next: ${describe(sheaf[n])})`))
    }
    return
  }
  if (isObject(mdx) && isObject(sheaf)) {
    const keys = [...new Set([...Object.keys(mdx), ...Object.keys(sheaf)])]
    for (const key of keys) {
      if (at === '' && key === 'error') continue
      differences(mdx[key], sheaf[key], at === '' ? key : `${at}.${key}`, out)
    }
    return
  }
  if (mdx !== sheaf) out.push(`${at || 'reading'}: mdx ${describe(mdx)}, sheaf ${describe(sheaf)}`)
}

export function compareReadings(mdx, sheaf) {
  const out = []
  if (!isObject(sheaf)) return ['sheaf gave no reading']
  if (mdx.accepted !== sheaf.accepted) {
    const error = (reading) => reading.error ? ` (${reading.error.line}:${reading.error.column}: ${reading.error.message})` : ''
    return [`accepted: mdx ${mdx.accepted}${error(mdx)}, sheaf ${sheaf.accepted}${error(sheaf)}`]
  }
  differences(normalise(mdx), normalise(sheaf), '', out)
  return out
}

function readJsonLines(file) {
  return readFileSync(file, 'utf8').split('\n').flatMap((line, index) => {
    if (line.trim() === '') return []
    try {
      return [JSON.parse(line)]
    } catch {
      console.error(`${file}:${index + 1}: not a JSON line: ${line.slice(0, 200)}`)
      process.exit(1)
    }
  })
}

// ---------------------------------------------------------------------------
// CLI

async function main(args) {
  const [command, ...rest] = args
  if (command === 'record') {
    const [casesFile, outFile] = rest
    const cases = parseCases(readFileSync(casesFile, 'utf8'))
    const recorded = {
      mdx: version('@mdx-js/mdx'),
      'remark-gfm': version('remark-gfm'),
      'remark-frontmatter': version('remark-frontmatter'),
      'remark-math': version('remark-math'),
      yaml: version('yaml'),
      cases: []
    }
    for (const {name, source} of cases) recorded.cases.push({name, source, mdx: await mdxReading(source)})
    // Invisible characters (U+00A0, U+FEFF, ...) written as \u escapes: same JSON, readable.
    const json = JSON.stringify(recorded, null, 1).replace(/[\u00a0\u00ad\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/g,
      (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
    writeFileSync(outFile, json + '\n')
    const accepted = recorded.cases.filter((c) => c.mdx.accepted).length
    console.log(`${recorded.cases.length} cases recorded (${accepted} accepted, ${recorded.cases.length - accepted} rejected) in ${outFile}`)
  } else if (command === 'cases') {
    const [recordedFile, dir] = rest
    mkdirSync(dir, {recursive: true})
    for (const {name, source} of JSON.parse(readFileSync(recordedFile, 'utf8')).cases) {
      writeFileSync(path.join(dir, `${name}.mdx`), source)
    }
  } else if (command === 'read') {
    let input = ''
    process.stdin.setEncoding('utf8')
    for await (const chunk of process.stdin) input += chunk
    const paths = input.split('\n').filter((line) => line !== '')
    for (const file of paths) {
      const reading = await mdxReading(readFileSync(file, 'utf8'))
      process.stdout.write(JSON.stringify({path: file, reading}) + '\n')
    }
  } else if (command === 'reading') {
    console.log(JSON.stringify(await mdxReading(readFileSync(rest[0], 'utf8')), null, 1))
  } else if (command === 'diff') {
    // diff MDX.jsonl SHEAF.jsonl [NAMES.tsv]: NAMES maps a path to the name shown.
    const [mdxFile, sheafFile, namesFile] = rest
    const names = new Map()
    if (namesFile) {
      for (const line of readFileSync(namesFile, 'utf8').split('\n')) {
        const tab = line.indexOf('\t')
        if (tab > 0) names.set(line.slice(0, tab), line.slice(tab + 1))
      }
    }
    const sheaf = new Map(readJsonLines(sheafFile).map((line) => [line.path, line.reading]))
    let compared = 0
    let rejects = 0
    let differ = 0
    let sheafRejects = 0
    for (const {path: file, reading} of readJsonLines(mdxFile)) {
      compared++
      if (!reading.accepted) rejects++
      const theirs = sheaf.get(file)
      if (theirs && theirs.accepted === false) sheafRejects++
      const found = compareReadings(reading, theirs)
      if (found.length > 0) {
        differ++
        console.log(names.get(file) || file)
        for (const line of found.slice(0, 3)) console.log(`  ${line}`)
        if (found.length > 3) console.log('  ...')
      }
    }
    console.log(`${compared} pages/cases compared: MDX rejects ${rejects} (sheaf ${sheafRejects}); ${differ} differ`)
    process.exitCode = differ > 0 ? 1 : 0
  } else {
    console.error('usage: node reading.mjs record CASES OUT | cases RECORDED DIR | read | reading FILE | diff MDX SHEAF [NAMES]')
    process.exitCode = 2
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  await main(process.argv.slice(2))
}
