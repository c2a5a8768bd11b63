from django.urls import path

from clubs import views

urlpatterns = [
    path("<int:pk>/", views.club, name="club"),
]
