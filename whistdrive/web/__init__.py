"""The web: URLs, views, forms, who may see what, logins and the limits on guessing links (docs/architecture.md).

Requests in, pages out: the views ask the evening and printing for what to show and save through them. It may
import everything below it (the server's facts included: the streams open, the laptop's addresses); nothing
below imports it, and Django reaches it only through ``ROOT_URLCONF``, the middleware setting and the admin.
"""
