#!/usr/bin/env python3
"""Writes a docs root with one large OpenAPI 3.0 spec (OPS operations over
shared component schemas with $ref, allOf, oneOf, enums and nested objects)
and a navigation entry per operation, for the endpoint rendering benchmark.

usage: gen_big_spec.py OPS DIR
"""
import json, os, sys

def main():
    ops, root = int(sys.argv[1]), sys.argv[2]
    os.makedirs(root, exist_ok=True)
    schemas = {
        "Error": {"type": "object", "required": ["code"], "properties": {
            "code": {"type": "integer", "example": 400}, "message": {"type": "string"}}},
        "Audit": {"type": "object", "properties": {
            "created_at": {"type": "string", "format": "date-time"},
            "updated_at": {"type": "string", "format": "date-time", "nullable": True}}},
    }
    paths, nav = {}, []
    resources = (ops + 3) // 4
    for r in range(resources):
        name = f"Resource{r}"
        schemas[name] = {"allOf": [{"$ref": "#/components/schemas/Audit"}, {
            "type": "object", "required": ["id", "name"], "properties": {
                "id": {"type": "string", "example": f"r{r}"},
                "name": {"type": "string", "description": f"Name of resource {r}."},
                "status": {"type": "string", "enum": ["active", "archived"]},
                "owner": {"type": "object", "properties": {
                    "id": {"type": "integer"}, "email": {"type": "string", "format": "email"}}},
                "target": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
                "tags": {"type": "array", "items": {"type": "string"}}}}]}
        ref = {"$ref": f"#/components/schemas/{name}"}
        ok = lambda desc, schema: {"description": desc, "content": {"application/json": {"schema": schema}}}
        err = {"$ref": "#/components/responses/Error"}
        collection, item = f"/v1/resource{r}", f"/v1/resource{r}/{{id}}"
        id_param = [{"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}]
        paths[collection] = {
            "get": {"summary": f"List resource {r}", "operationId": f"list{r}",
                    "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 100}}],
                    "responses": {"200": ok("The list", {"type": "array", "items": ref}), "400": err}},
            "post": {"summary": f"Create resource {r}", "operationId": f"create{r}",
                     "requestBody": {"content": {"application/json": {"schema": ref}}},
                     "responses": {"201": ok("Created", ref), "400": err}}}
        paths[item] = {"parameters": id_param,
            "get": {"summary": f"Get resource {r}", "operationId": f"get{r}", "responses": {"200": ok("Found", ref), "404": err}},
            "delete": {"summary": f"Delete resource {r}", "operationId": f"delete{r}", "responses": {"204": {"description": "Deleted"}}}}
        entries = [f"GET {collection}", f"POST {collection}", f"GET {item}", f"DELETE {item}"]
        nav.append({"group": f"Resource {r}", "pages": entries})
    spec = {"openapi": "3.0.3", "info": {"title": "Big", "version": "1"},
            "servers": [{"url": "https://api.example.com"}], "paths": paths,
            "components": {"schemas": schemas, "responses": {"Error": {"description": "Error",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}}}}
    json.dump(spec, open(os.path.join(root, "openapi.json"), "w"))
    count = sum(len(g["pages"]) for g in nav)
    json.dump({"name": "Big API", "openapi": "openapi.json", "navigation": nav}, open(os.path.join(root, "site.json"), "w"), indent=1)
    print(f"{count} operations")

main()
