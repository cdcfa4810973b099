// Forms keep their field values in react-hook-form (docs/frontend.md, "Forms"): inside a <form>, an input whose
// `value` or `checked` is a useState value (or a field of one) is refused. State no input binds (a dialog open, a step,
// a server answer) may stay in useState.

function isUseState(init) {
  if (init?.type !== 'CallExpression') return false;
  const callee = init.callee;
  return (callee.type === 'Identifier' && callee.name === 'useState') || (callee.type === 'MemberExpression' && callee.property.name === 'useState');
}

function insideForm(node) {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'JSXElement' && p.openingElement.name.name === 'form') return true;
  return false;
}

function variableOf(scope, name) {
  for (let s = scope; s; s = s.upper) {
    const variable = s.set.get(name);
    if (variable) return variable;
  }
  return undefined;
}

/** The value `x` of `const [x, setX] = useState(…)`, as an input's value or checked inside a <form>. */
export const noFieldState = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      state: "'{{name}}' is useState bound to a form input: keep field values in react-hook-form (useForm + register, a resolver from lib/form-rules.ts).",
    },
  },
  create(context) {
    return {
      JSXAttribute(node) {
        if ((node.name.name !== 'value' && node.name.name !== 'checked') || node.value?.type !== 'JSXExpressionContainer') return;
        let bound = node.value.expression;
        while (bound.type === 'MemberExpression') bound = bound.object;
        if (bound.type !== 'Identifier' || !insideForm(node)) return;
        const def = variableOf(context.sourceCode.getScope(node), bound.name)?.defs[0];
        const declarator = def?.type === 'Variable' ? def.node : undefined;
        if (declarator?.id.type === 'ArrayPattern' && declarator.id.elements[0] === def.name && isUseState(declarator.init)) {
          context.report({ node, messageId: 'state', data: { name: bound.name } });
        }
      },
    };
  },
};
