// A tiny module the demo patch edits.
export function greet(name: string): string {
  return "Hello, " + name;
}

export function farewell(name: string): string {
  return "Goodbye, " + name;
}
